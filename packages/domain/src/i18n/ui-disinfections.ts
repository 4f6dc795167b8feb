/**
 * Texts of the planned thermal disinfections on a location's Logbook tab (docs/logbook.md,
 * "Thermal disinfection"): the list of the period and the dialog that records one.
 */
export const disinfectionsUiNl = {
  disinfections: {
    title: 'Thermische desinfectie',
    intro:
      'Leg een thermische desinfectie vast als die is gedaan. Het logboek controleert elk warm tappunt in dat tijdvak aan de regelset; een tappunt dat de temperatuur niet lang genoeg haalde, wordt een afwijking.',
    record: 'Desinfectie vastleggen',
    empty: 'Geen desinfectie vastgelegd in deze periode.',
    loadError: 'De desinfecties konden niet worden geladen.',
    from: 'Begin',
    to: 'Einde',
    note: 'Notitie',
    recorded: 'Vastgelegd',
    dialogTitle: 'Thermische desinfectie vastleggen',
    fromHint: 'Datum en tijd (uw tijdzone)',
    toHint: 'Hoogstens 24 uur na het begin',
    noteHint: 'Bijvoorbeeld: boiler op 70 °C, elk tappunt 5 minuten open',
    final: 'Een vastgelegde desinfectie kan niet worden gewijzigd of verwijderd.',
    who: 'Vastgelegd door',
    save: 'Vastleggen',
    saved: 'Desinfectie vastgelegd',
    saveError: 'De desinfectie kon niet worden vastgelegd',
  },
};

export const disinfectionsUiEn: typeof disinfectionsUiNl = {
  disinfections: {
    title: 'Thermal disinfection',
    intro:
      'Record a thermal disinfection once it is done. The logbook checks every hot outlet in that window against the rulebook; an outlet that did not hold the temperature long enough becomes a deviation.',
    record: 'Record disinfection',
    empty: 'No disinfection recorded in this period.',
    loadError: 'The disinfections could not be loaded.',
    from: 'Start',
    to: 'End',
    note: 'Note',
    recorded: 'Recorded',
    dialogTitle: 'Record thermal disinfection',
    fromHint: 'Date and time (your time zone)',
    toHint: 'At most 24 hours after the start',
    noteHint: 'For example: heater at 70 °C, every outlet open for 5 minutes',
    final: 'A recorded disinfection cannot be changed or deleted.',
    who: 'Recorded by',
    save: 'Record',
    saved: 'Disinfection recorded',
    saveError: 'The disinfection could not be recorded',
  },
};
