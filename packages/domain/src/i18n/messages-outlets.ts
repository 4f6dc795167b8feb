/**
 * The texts only the outlet and check screens show (docs/outlets.md): validation and error
 * messages and the names of outlet kinds, waters, sentinels, check kinds and reading verdicts. Kept
 * out of the shared catalogue, which the login page loads (its 200 kB budget), like sampling's
 * (messages-sampling.ts). Keys as in the catalogue: `validation.<name>`, `errors.<name>`; the CSV's
 * `errors.csvRow` is sampling's (messages-sampling.ts), the same words for this file.
 */
export const outletMessagesNl = {
  validation: {
    outletNameTaken: 'Er is al een tappunt met deze naam op deze locatie',
    outletUnknown: 'Dit tappunt bestaat niet op deze locatie',
    samplePointNotHere: 'Dit monsterpunt bestaat niet op deze locatie',
    samplePointLinked: 'Dit monsterpunt hoort al bij een ander tappunt',
    checkTwice: 'Deze controle staat al in de lijst',
    checkNotPlanned: 'Deze controle is voor dit tappunt niet gepland',
    readingRequired: 'Vul de gemeten temperatuur in',
    reasonRequired: 'Vul in waarom de controle niet mogelijk was',
    doneAtInFuture: 'Het tijdstip van de controle ligt in de toekomst',
  },
  errors: {
    outletHasChecks: 'Bij dit tappunt zijn controles vastgelegd; het blijft daarom bewaard',
    locationHasChecks: 'Op deze locatie zijn controles aan tappunten vastgelegd; de locatie blijft daarom bewaard',
  },
  outlets: {
    kinds: {
      shower: 'Douche',
      washbasinTap: 'Wastafelkraan',
      sink: 'Aanrecht of spoelbak',
      tmv: 'Thermostatische mengkraan (TMV)',
      cistern: 'Stortbak',
      calorifier: 'Warmwaterbereider',
      coldTank: 'Koudwatertank',
      coldInlet: 'Inkomend koud water (hoofdaansluiting)',
      other: 'Overig',
    },
    waters: { hot: 'Warm', cold: 'Koud', mixed: 'Gemengd' },
    sentinels: { none: 'Geen', nearest: 'Dichtstbij (eerste tappunt)', furthest: 'Verst weg (laatste tappunt)' },
    littleUsed: 'Weinig gebruikt',
    checks: {
      sentinelTemperature: 'Maandelijkse temperatuurmeting (sentinel-tappunt)',
      showerheadDescaling: 'Douchekop ontkalken',
      tmvService: 'Onderhoud thermostatische mengkraan',
      coldTankInspection: 'Inspectie koudwatertank',
      incomingColdWater: 'Temperatuur inkomend koud water',
      littleUsedFlush: 'Spoelen weinig gebruikt tappunt',
    },
    verdicts: {
      withinLimit: 'Binnen de norm',
      outsideLimit: 'Buiten de norm',
      notWithinTime: 'Norm niet binnen de looptijd gehaald',
      notJudged: 'Niet beoordeeld (geen norm)',
    },
    dueStates: { overdue: 'Te laat', due: 'Binnenkort', planned: 'Gepland' },
    drift: 'Mogelijk afwijkende sensor: handmeting en node verschillen meer dan 1,5 °C',
  },
};

export const outletMessagesEn: typeof outletMessagesNl = {
  validation: {
    outletNameTaken: 'This location already has an outlet of this name',
    outletUnknown: 'There is no such outlet at this location',
    samplePointNotHere: 'There is no such sample point at this location',
    samplePointLinked: 'This sample point already belongs to another outlet',
    checkTwice: 'This check is in the list already',
    checkNotPlanned: 'This check is not planned for this outlet',
    readingRequired: 'Enter the temperature measured',
    reasonRequired: 'Enter why the check was not possible',
    doneAtInFuture: 'The time of the check is in the future',
  },
  errors: {
    outletHasChecks: 'Checks have been recorded at this outlet; it is therefore kept',
    locationHasChecks: 'Checks have been recorded at outlets of this location; the location is therefore kept',
  },
  outlets: {
    kinds: {
      shower: 'Shower',
      washbasinTap: 'Washbasin tap',
      sink: 'Sink',
      tmv: 'Thermostatic mixing valve (TMV)',
      cistern: 'Cistern',
      calorifier: 'Calorifier',
      coldTank: 'Cold water tank',
      coldInlet: 'Incoming cold water (mains)',
      other: 'Other',
    },
    waters: { hot: 'Hot', cold: 'Cold', mixed: 'Mixed' },
    sentinels: { none: 'None', nearest: 'Nearest (first outlet)', furthest: 'Furthest (last outlet)' },
    littleUsed: 'Little used',
    checks: {
      sentinelTemperature: 'Monthly sentinel temperature',
      showerheadDescaling: 'Showerhead descaling',
      tmvService: 'TMV service',
      coldTankInspection: 'Cold water tank inspection',
      incomingColdWater: 'Incoming cold water temperature',
      littleUsedFlush: 'Flushing a little-used outlet',
    },
    verdicts: {
      withinLimit: 'Within the limit',
      outsideLimit: 'Outside the limit',
      notWithinTime: 'Limit not reached within the running time',
      notJudged: 'Not judged (no limit)',
    },
    dueStates: { overdue: 'Overdue', due: 'Due soon', planned: 'Planned' },
    drift: 'Possible sensor drift: the manual and the node reading differ by more than 1.5 °C',
  },
};

export const outletMessagesDe: typeof outletMessagesNl = {
  validation: {
    outletNameTaken: 'An diesem Standort gibt es schon eine Zapfstelle dieses Namens',
    outletUnknown: 'Diese Zapfstelle gibt es an diesem Standort nicht',
    samplePointNotHere: 'Diese Entnahmestelle gibt es an diesem Standort nicht',
    samplePointLinked: 'Diese Entnahmestelle gehört schon zu einer anderen Zapfstelle',
    checkTwice: 'Diese Prüfung steht schon in der Liste',
    checkNotPlanned: 'Diese Prüfung ist für diese Zapfstelle nicht geplant',
    readingRequired: 'Geben Sie die gemessene Temperatur ein',
    reasonRequired: 'Geben Sie an, warum die Prüfung nicht möglich war',
    doneAtInFuture: 'Der Zeitpunkt der Prüfung liegt in der Zukunft',
  },
  errors: {
    outletHasChecks: 'An dieser Zapfstelle sind Prüfungen erfasst; sie bleibt deshalb erhalten',
    locationHasChecks: 'An Zapfstellen dieses Standorts sind Prüfungen erfasst; der Standort bleibt deshalb erhalten',
  },
  outlets: {
    kinds: {
      shower: 'Dusche',
      washbasinTap: 'Waschtischarmatur',
      sink: 'Spüle',
      tmv: 'Thermostatischer Mischer',
      cistern: 'Spülkasten',
      calorifier: 'Trinkwassererwärmer',
      coldTank: 'Kaltwasserbehälter',
      coldInlet: 'Kaltwasser am Hausanschluss',
      other: 'Sonstige',
    },
    waters: { hot: 'Warm', cold: 'Kalt', mixed: 'Gemischt' },
    sentinels: { none: 'Keine', nearest: 'Nächste (erste Zapfstelle)', furthest: 'Entfernteste (letzte Zapfstelle)' },
    littleUsed: 'Selten genutzt',
    checks: {
      sentinelTemperature: 'Monatliche Temperaturmessung (Referenz-Zapfstelle)',
      showerheadDescaling: 'Duschkopf entkalken',
      tmvService: 'Wartung des thermostatischen Mischers',
      coldTankInspection: 'Inspektion des Kaltwasserbehälters',
      incomingColdWater: 'Temperatur des einströmenden Kaltwassers',
      littleUsedFlush: 'Spülen einer selten genutzten Zapfstelle',
    },
    verdicts: {
      withinLimit: 'Innerhalb des Grenzwerts',
      outsideLimit: 'Außerhalb des Grenzwerts',
      notWithinTime: 'Grenzwert nicht innerhalb der Laufzeit erreicht',
      notJudged: 'Nicht bewertet (kein Grenzwert)',
    },
    dueStates: { overdue: 'Überfällig', due: 'Bald fällig', planned: 'Geplant' },
    drift: 'Möglicher Sensordrift: Handmessung und Knoten weichen um mehr als 1,5 °C ab',
  },
};

/** The error keys of outlets, like ERROR's (`errors.outletHasChecks`). */
export const OUTLET_ERROR = Object.fromEntries(Object.keys(outletMessagesNl.errors).map((name) => [name, `errors.${name}`])) as {
  [K in keyof typeof outletMessagesNl.errors]: `errors.${K}`;
};
