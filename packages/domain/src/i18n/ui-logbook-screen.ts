/**
 * Web texts of the Logbook tab on the location and customer pages (docs/logbook.md, issue 24
 * item 5). Loaded with those pages (app/route-table.ts). The report's own labels (sections,
 * columns, verdicts, modes, limits, alarm and change kinds) are not here: the screen reads them
 * from the texts the PDF and the CSV use (ui-logbook-report.ts, i18next key `logbookReport`), so
 * an inspector finds the same words on screen and on paper. `report` keeps what only the screen writes.
 */
export const logbookScreenUiNl = {
  logbookScreen: {
    tab: 'Logboek',
    title: 'Legionella-logboek',
    period: {
      label: 'Periode',
      choices: {
        thisMonth: 'Deze maand',
        lastMonth: 'Vorige maand',
        thisQuarter: 'Dit kwartaal',
        lastQuarter: 'Vorig kwartaal',
        thisYear: 'Dit jaar',
        lastYear: 'Vorig jaar',
        custom: 'Zelf kiezen',
      },
      from: 'Van',
      to: 'Tot en met',
      apply: 'Tonen',
      range: '{{from}} t/m {{to}}',
    },
    /** Besides the report's own rulebook labels (`logbookReport.rulebooks`, `rulebookSources`, `labels`). */
    rulebook: {
      flush: 'Spoelplicht',
      flushEvery: 'ten minste elke {{hours}} uur',
      retention: 'Bewaartermijn',
      years: '{{count}} jaar',
    },
    actions: {
      label: 'Rapport',
      language: 'Taal van het rapport',
      downloadPdf: 'PDF downloaden',
      downloadCsv: 'CSV downloaden',
      issue: 'Rapport uitgeven',
    },
    issue: {
      title: 'Rapport uitgeven?',
      text: 'Het rapport over {{range}} wordt vastgelegd met een nummer en een SHA-256-hash. Iedereen die deze locatie of klant mag zien, kan het daarna downloaden en controleren; het wordt bewaard zolang de regelset vraagt.',
      confirm: 'Uitgeven',
      done: 'Rapport {{number}} is uitgegeven',
      number: 'Nummer',
      hash: 'SHA-256',
    },
    issued: {
      title: 'Uitgegeven rapporten',
      empty: 'Nog geen rapporten uitgegeven',
      loadError: 'De uitgegeven rapporten konden niet worden geladen',
      number: 'Nummer',
      period: 'Periode',
      location: 'Locatie',
      rulebook: 'Regelset',
      verdict: 'Oordeel',
      issuedAt: 'Uitgegeven',
      by: 'door {{user}}',
      hash: 'Hash',
      fullHash: 'SHA-256: {{hash}}',
      downloads: 'Downloaden',
      downloadPdf: 'PDF van {{number}}',
      downloadCsv: 'CSV van {{number}}',
    },
    preview: {
      title: 'Voorbeeld',
      loading: 'Rapport laden',
      loadError: 'Het rapport kon niet worden gemaakt',
      empty: 'Geen metingen in deze periode',
      generated: 'Gemaakt op {{at}} door {{by}}',
      verdictOf: 'Oordeel over {{range}}',
      timeZone: 'Tijden in {{zone}}',
      showSection: '{{title}} ({{count}})',
    },
    snackbar: {
      downloadError: 'Het rapport kon niet worden gedownload',
      issueError: 'Het rapport kon niet worden uitgegeven',
    },
    /** What only the screen writes; the report's own labels are the `logbookReport` texts (ui-logbook-report.ts). */
    report: {
      columns: {
        modeLimit: 'Modus, grens',
        minMeanMax: 'Min / gem. / max',
        flushesProvedFailed: 'Spoelingen voldaan / niet voldaan',
      },
      hours: '{{value}}\u00A0uur',
      never: 'Nooit',
      none: 'Geen',
      stretch: '{{from}} – {{to}} ({{hours}})',
    },
  },
};

export const logbookScreenUiEn: typeof logbookScreenUiNl = {
  logbookScreen: {
    tab: 'Logbook',
    title: 'Legionella logbook',
    period: {
      label: 'Period',
      choices: {
        thisMonth: 'This month',
        lastMonth: 'Last month',
        thisQuarter: 'This quarter',
        lastQuarter: 'Last quarter',
        thisYear: 'This year',
        lastYear: 'Last year',
        custom: 'Choose dates',
      },
      from: 'From',
      to: 'To (included)',
      apply: 'Show',
      range: '{{from}} to {{to}}',
    },
    rulebook: {
      flush: 'Flush duty',
      flushEvery: 'at least every {{hours}} hours',
      retention: 'Records kept',
      years: '{{count}} years',
    },
    actions: {
      label: 'Report',
      language: 'Report language',
      downloadPdf: 'Download PDF',
      downloadCsv: 'Download CSV',
      issue: 'Issue report',
    },
    issue: {
      title: 'Issue the report?',
      text: 'The report for {{range}} is registered with a number and a SHA-256 hash. Everyone who may see this location or customer can then download and verify it; it is kept as long as the rulebook requires.',
      confirm: 'Issue',
      done: 'Report {{number}} has been issued',
      number: 'Number',
      hash: 'SHA-256',
    },
    issued: {
      title: 'Issued reports',
      empty: 'No reports issued yet',
      loadError: 'The issued reports could not be loaded',
      number: 'Number',
      period: 'Period',
      location: 'Location',
      rulebook: 'Rulebook',
      verdict: 'Verdict',
      issuedAt: 'Issued',
      by: 'by {{user}}',
      hash: 'Hash',
      fullHash: 'SHA-256: {{hash}}',
      downloads: 'Download',
      downloadPdf: 'PDF of {{number}}',
      downloadCsv: 'CSV of {{number}}',
    },
    preview: {
      title: 'Preview',
      loading: 'Loading the report',
      loadError: 'The report could not be made',
      empty: 'No readings in this period',
      generated: 'Made on {{at}} by {{by}}',
      verdictOf: 'Verdict for {{range}}',
      timeZone: 'Times in {{zone}}',
      showSection: '{{title}} ({{count}})',
    },
    snackbar: {
      downloadError: 'The report could not be downloaded',
      issueError: 'The report could not be issued',
    },
    report: {
      columns: {
        modeLimit: 'Mode, limit',
        minMeanMax: 'Min / mean / max',
        flushesProvedFailed: 'Flushes proved / failed',
      },
      hours: '{{value}}\u00A0h',
      never: 'Never',
      none: 'None',
      stretch: '{{from}} – {{to}} ({{hours}})',
    },
  },
};

/**
 * German for the report's preview only (docs/logbook.md, "PDF and CSV"): the screens have no German
 * (their 'de' shows English), but the preview of a German report is written as the report is. The
 * rest of the tab stays in the screen's language.
 */
export const logbookScreenUiDe: typeof logbookScreenUiNl = {
  logbookScreen: {
    tab: 'Betriebsbuch',
    title: 'Legionellen-Betriebsbuch',
    period: {
      label: 'Zeitraum',
      choices: {
        thisMonth: 'Dieser Monat',
        lastMonth: 'Letzter Monat',
        thisQuarter: 'Dieses Quartal',
        lastQuarter: 'Letztes Quartal',
        thisYear: 'Dieses Jahr',
        lastYear: 'Letztes Jahr',
        custom: 'Daten wählen',
      },
      from: 'Von',
      to: 'Bis einschließlich',
      apply: 'Anzeigen',
      range: '{{from}} bis {{to}}',
    },
    rulebook: {
      flush: 'Spülpflicht',
      flushEvery: 'mindestens alle {{hours}} Stunden',
      retention: 'Aufbewahrung',
      years: '{{count}} Jahre',
    },
    actions: {
      label: 'Bericht',
      language: 'Sprache des Berichts',
      downloadPdf: 'PDF herunterladen',
      downloadCsv: 'CSV herunterladen',
      issue: 'Bericht ausstellen',
    },
    issue: {
      title: 'Bericht ausstellen?',
      text: 'Der Bericht über {{range}} wird mit einer Nummer und einem SHA-256-Hash registriert. Alle, die diesen Standort oder Kunden sehen dürfen, können ihn danach herunterladen und prüfen; er wird so lange aufbewahrt, wie das Regelwerk verlangt.',
      confirm: 'Ausstellen',
      done: 'Bericht {{number}} ist ausgestellt',
      number: 'Nummer',
      hash: 'SHA-256',
    },
    issued: {
      title: 'Ausgestellte Berichte',
      empty: 'Noch keine Berichte ausgestellt',
      loadError: 'Die ausgestellten Berichte konnten nicht geladen werden',
      number: 'Nummer',
      period: 'Zeitraum',
      location: 'Standort',
      rulebook: 'Regelwerk',
      verdict: 'Befund',
      issuedAt: 'Ausgestellt',
      by: 'von {{user}}',
      hash: 'Hash',
      fullHash: 'SHA-256: {{hash}}',
      downloads: 'Herunterladen',
      downloadPdf: 'PDF von {{number}}',
      downloadCsv: 'CSV von {{number}}',
    },
    preview: {
      title: 'Vorschau',
      loading: 'Bericht wird geladen',
      loadError: 'Der Bericht konnte nicht erstellt werden',
      empty: 'Keine Messwerte in diesem Zeitraum',
      generated: 'Erstellt am {{at}} von {{by}}',
      verdictOf: 'Befund für {{range}}',
      timeZone: 'Zeiten in {{zone}}',
      showSection: '{{title}} ({{count}})',
    },
    snackbar: {
      downloadError: 'Der Bericht konnte nicht heruntergeladen werden',
      issueError: 'Der Bericht konnte nicht ausgestellt werden',
    },
    report: {
      columns: {
        modeLimit: 'Wasserart, Grenzwert',
        minMeanMax: 'Min. / Mittel / Max.',
        flushesProvedFailed: 'Spülungen wirksam / unwirksam',
      },
      hours: '{{value}}\u00A0h',
      never: 'Nie',
      none: 'Keine',
      stretch: '{{from}} – {{to}} ({{hours}})',
    },
  },
};
