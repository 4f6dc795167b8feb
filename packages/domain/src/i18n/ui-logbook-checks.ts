/**
 * Texts of the logbook report's checks section (docs/logbook.md, "Checks at outlets"): merged into
 * the report's texts (ui-logbook-report.ts) by group, so the PDF, the CSV and the logbook screen
 * (loaded with the logbook tab, never with the login page) read them as the other sections'. The
 * names of checks and verdicts are the outlet screens' own (messages-outlets.ts).
 */
import { outletMessagesDe, outletMessagesEn, outletMessagesNl } from './messages-outlets';

export const logbookChecksTextsNl = {
  sections: {
    checkPlan: 'Controles aan tappunten: gepland, gedaan en te laat',
    checkRecords: 'Controles aan tappunten: vastgelegd',
  },
  empty: {
    checkPlan: 'Geen controles gepland aan tappunten',
    checkRecords: 'Geen controles vastgelegd in deze periode',
  },
  columns: {
    outlet: 'Tappunt',
    check: 'Controle',
    planned: 'Gepland',
    checksDone: 'Gedaan',
    notPossible: 'Niet mogelijk',
    overdueDates: 'Te laat (vervaldata)',
    overdueSince: 'Te laat sinds',
    lastDone: 'Laatst gedaan',
    outcome: 'Uitkomst',
    ranSeconds: 'Gelopen (s)',
    allowedSeconds: 'Toegestaan (s)',
    checkVerdict: 'Oordeel controle',
    drift: 'Sensor mogelijk afwijkend',
    nodeCelsius: 'Node (°C)',
    reason: 'Reden',
  },
  csvSections: {
    checkPlan: 'controleplan',
    checkRecord: 'controle',
  },
  deviationKinds: {
    checkDeviation: 'Controle buiten de norm',
    checkOverdue: 'Controle te laat',
  },
  checkWords: {
    checks: outletMessagesNl.outlets.checks,
    verdicts: outletMessagesNl.outlets.verdicts,
    dueStates: outletMessagesNl.outlets.dueStates,
    outcomes: { done: 'Gedaan', notPossible: 'Niet mogelijk' },
    drift: 'verschil met de node > 1,5 °C',
  },
};

export const logbookChecksTextsEn: typeof logbookChecksTextsNl = {
  sections: {
    checkPlan: 'Checks at outlets: planned, done and overdue',
    checkRecords: 'Checks at outlets: recorded',
  },
  empty: {
    checkPlan: 'No checks planned at outlets',
    checkRecords: 'No checks recorded in this period',
  },
  columns: {
    outlet: 'Outlet',
    check: 'Check',
    planned: 'Planned',
    checksDone: 'Done',
    notPossible: 'Not possible',
    overdueDates: 'Overdue (due dates)',
    overdueSince: 'Overdue since',
    lastDone: 'Last done',
    outcome: 'Outcome',
    ranSeconds: 'Ran (s)',
    allowedSeconds: 'Allowed (s)',
    checkVerdict: 'Check verdict',
    drift: 'Possible sensor drift',
    nodeCelsius: 'Node (°C)',
    reason: 'Reason',
  },
  csvSections: {
    checkPlan: 'check plan',
    checkRecord: 'check',
  },
  deviationKinds: {
    checkDeviation: 'Check outside the limit',
    checkOverdue: 'Check overdue',
  },
  checkWords: {
    checks: outletMessagesEn.outlets.checks,
    verdicts: outletMessagesEn.outlets.verdicts,
    dueStates: outletMessagesEn.outlets.dueStates,
    outcomes: { done: 'Done', notPossible: 'Not possible' },
    drift: 'differs from the node by > 1.5 °C',
  },
};

export const logbookChecksTextsDe: typeof logbookChecksTextsNl = {
  sections: {
    checkPlan: 'Prüfungen an Zapfstellen: geplant, erledigt und überfällig',
    checkRecords: 'Prüfungen an Zapfstellen: erfasst',
  },
  empty: {
    checkPlan: 'Keine Prüfungen an Zapfstellen geplant',
    checkRecords: 'Keine Prüfungen in diesem Zeitraum erfasst',
  },
  columns: {
    outlet: 'Zapfstelle',
    check: 'Prüfung',
    planned: 'Geplant',
    checksDone: 'Erledigt',
    notPossible: 'Nicht möglich',
    overdueDates: 'Überfällig (Fälligkeiten)',
    overdueSince: 'Überfällig seit',
    lastDone: 'Zuletzt erledigt',
    outcome: 'Ergebnis',
    ranSeconds: 'Ablaufzeit (s)',
    allowedSeconds: 'Zulässig (s)',
    checkVerdict: 'Befund Prüfung',
    drift: 'Möglicher Sensordrift',
    nodeCelsius: 'Messknoten (°C)',
    reason: 'Grund',
  },
  csvSections: {
    checkPlan: 'prüfplan',
    checkRecord: 'prüfung',
  },
  deviationKinds: {
    checkDeviation: 'Prüfung außerhalb des Grenzwerts',
    checkOverdue: 'Prüfung überfällig',
  },
  checkWords: {
    checks: outletMessagesDe.outlets.checks,
    verdicts: outletMessagesDe.outlets.verdicts,
    dueStates: outletMessagesDe.outlets.dueStates,
    outcomes: { done: 'Erledigt', notPossible: 'Nicht möglich' },
    drift: 'weicht > 1,5 °C vom Messknoten ab',
  },
};
