/**
 * Web texts of the page that verifies an issued logbook file (/logbook/verify, docs/logbook.md,
 * "Verifying a file"). Loaded with that page (app/route-table.ts).
 */
export const logbookVerifyUiNl = {
  logbookVerify: {
    intro:
      'Kies een uitgegeven logboekrapport (PDF, CSV of JSON) of plak een SHA-256, zoals die in de voettekst van de PDF. De portal zegt welk uitgegeven rapport het is, als het een rapport van uw klanten is.',
    fileTitle: 'Bestand',
    chooseFile: 'Bestand kiezen',
    dropHint: 'of sleep het bestand hierheen',
    fileChosen: 'Gekozen: {{name}}',
    hashTitle: 'Of een SHA-256',
    hashLabel: 'SHA-256',
    hashHelp: '64 tekens, 0-9 en a-f',
    check: 'Controleren',
    resultTitle: 'Uitkomst',
    known: 'Dit is {{file}} van rapport {{number}}, zoals uitgegeven.',
    unknown:
      'Niet gevonden. Geen uitgegeven rapport van uw klanten heeft een bestand met deze SHA-256: het bestand is gewijzigd, is geen uitgegeven rapport (een concept) of hoort niet bij uw klanten.',
    files: { pdf: 'de PDF', csv: 'de CSV', json: 'de JSON' },
    supersededBy: 'Vervangen door {{number}} op {{at}} door {{user}}: {{reason}}',
    notSuperseded: 'Niet vervangen',
    unsigned: 'Niet ondertekend (uitgegeven voor de ondertekening)',
    selfSigned: '{{subject}} (eigen certificaat van de portal)',
    fields: {
      number: 'Nummer',
      scope: 'Rapport van',
      customer: 'Klant',
      location: 'Locatie',
      period: 'Periode',
      issuedAt: 'Uitgegeven',
      verdict: 'Oordeel',
      signature: 'Ondertekend door',
      superseded: 'Vervangen',
      sha256: 'SHA-256',
    },
    scopes: { location: 'Een locatie', customer: 'De hele klant' },
    failed: 'Controleren is mislukt',
  },
};

export const logbookVerifyUiEn: typeof logbookVerifyUiNl = {
  logbookVerify: {
    intro:
      "Choose an issued logbook report (PDF, CSV or JSON) or paste a SHA-256, such as the one in the PDF's footer. The portal says which issued report it is, if it is one of your customers' reports.",
    fileTitle: 'File',
    chooseFile: 'Choose file',
    dropHint: 'or drop the file here',
    fileChosen: 'Chosen: {{name}}',
    hashTitle: 'Or a SHA-256',
    hashLabel: 'SHA-256',
    hashHelp: '64 characters, 0-9 and a-f',
    check: 'Verify',
    resultTitle: 'Result',
    known: 'This is {{file}} of report {{number}}, as issued.',
    unknown:
      "Not found. No issued report of your customers has a file with this SHA-256: the file was changed, is not an issued report (a draft) or is not your customers'.",
    files: { pdf: 'the PDF', csv: 'the CSV', json: 'the JSON' },
    supersededBy: 'Superseded by {{number}} on {{at}} by {{user}}: {{reason}}',
    notSuperseded: 'Not superseded',
    unsigned: 'Not signed (issued before signing)',
    selfSigned: "{{subject}} (the portal's own certificate)",
    fields: {
      number: 'Number',
      scope: 'Report of',
      customer: 'Customer',
      location: 'Location',
      period: 'Period',
      issuedAt: 'Issued',
      verdict: 'Verdict',
      signature: 'Signed by',
      superseded: 'Superseded',
      sha256: 'SHA-256',
    },
    scopes: { location: 'A location', customer: 'The whole customer' },
    failed: 'The verification failed',
  },
};
