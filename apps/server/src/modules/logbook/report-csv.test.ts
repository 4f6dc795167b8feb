import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { renderLogbookCsv } from './report-csv';
import { customerReport, germanReport, locationReport } from './report.fixture';

/** The file as a spreadsheet reads it: records of cells, the BOM and the quoting undone. */
function records(text: string): string[][] {
  return parse(text, { bom: true, delimiter: ';', record_delimiter: '\r\n', relax_column_count: false });
}

/** The cells of a line by the header's titles. */
function byHeader(rows: string[][]): Record<string, string>[] {
  const [header, ...data] = rows;
  return data.map((row) => Object.fromEntries(header.map((title, index) => [title, row[index]])));
}

describe('renderLogbookCsv', () => {
  it('is a semicolon file with a BOM, CRLF lines and one header as wide as every line', () => {
    const text = renderLogbookCsv(locationReport, 'nl');
    expect(text.startsWith('\uFEFFOnderdeel;Locatie;Node;EUI;Kanaal;Modus;Grens;Oordeel;')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const rows = records(text);
    expect(new Set(rows.map((row) => row.length))).toEqual(new Set([rows[0].length]));
    expect(rows[0]).toHaveLength(91);
  });

  it('names the section of every line in the first column, each as often as the report has rows', () => {
    const rows = records(renderLogbookCsv(locationReport, 'nl')).slice(1);
    const counts: Record<string, number> = {};
    for (const [section] of rows) counts[section] = (counts[section] ?? 0) + 1;
    expect(counts).toEqual({
      rapport: 1,
      locatie: 1,
      samenvatting: 4,
      afwijking: 3,
      temperatuur: 4,
      onderbreking: 4,
      overschrijding: 3,
      spoelweek: 20,
      'mislukte spoeling': 1,
      'gemiste spoeling': 1,
      alarm: 4,
      kalibratiestatus: 4,
      kalibratie: 1,
      wijziging: 35,
    });
  });

  it('writes Dutch figures with a decimal comma and local times, and quotes a name with a semicolon', () => {
    const text = renderLogbookCsv(locationReport, 'nl');
    expect(text).toContain('"Keuken; 1e verdieping"');
    const lines = byHeader(records(text));
    const hot = lines.find((line) => line.Onderdeel === 'temperatuur' && line.Node === 'Douche 2.14 (Ëlla)' && line.Kanaal === 'Temperatuur 1 (WW)')!;
    expect(hot).toMatchObject({
      Modus: 'Warm water',
      Grens: 'ten minste 60 °C',
      Metingen: '2890',
      Verwacht: '2980',
      'Dekking (%)': '96,98',
      'Min (°C)': '48,2',
      'Gem. (°C)': '61,44',
      'Max (°C)': '66,8',
      'Binnen grens (%)': '96,2',
      'Uren 25–50 °C': '7,5',
      'Overschrijding van': '19-10-2026 07:00',
      'Overschrijding tot': '19-10-2026 11:30',
      'Overschrijding (uur)': '4,5',
    });
    const failed = lines.find((line) => line.Onderdeel === 'mislukte spoeling')!;
    expect(failed).toMatchObject({ Tijdstip: '19-10-2026 07:00', 'Voor (°C)': '38,4', 'Na (°C)': '52,7', Grens: 'ten minste 60 °C' });
    const kitchen = lines.find((line) => line.Onderdeel === 'samenvatting' && line.Node === 'Keuken; 1e verdieping' && line.Kanaal === 'Temperatuur 1 (WW)')!;
    expect(kitchen).toMatchObject({ Oordeel: 'Onvoldoende gegevens', 'Dekking (%)': '71,01', 'Gemiste spoelperioden': '1' });
    const calibration = lines.find((line) => line.Onderdeel === 'kalibratie')!;
    expect(calibration).toMatchObject({ Tijdstip: '07-10-2026 11:12', 'IJkwaarde (°C)': '60', 'Gemeten (°C)': '59,6', 'Afwijking (°C)': '0,4', Gebruiker: 'J. de Vries' });
    const alarm = lines.find((line) => line.Onderdeel === 'alarm' && line.Soort === 'Sensor defect')!;
    expect(alarm).toMatchObject({ Van: '30-10-2026 15:10', Tot: 'loopt nog', Uren: '', Afhandeling: 'niet afgehandeld', 'Bevestigd door': '', Notitie: '' });
    // Who acknowledged and who resolved, each with the time, and the note, each in a column of its own.
    expect(lines.find((line) => line.Onderdeel === 'alarm' && line.Soort === 'Offline')).toMatchObject({
      Afhandeling: 'opgelost',
      'Bevestigd door': 'planner@example.com',
      'Bevestigd op': '12-10-2026 08:02',
      'Opgelost door': 'monteur@example.com',
      'Opgelost op': '13-10-2026 09:40',
      Notitie: 'Perlator gereinigd, gateway herstart',
      Gebruiker: '',
      Details: '',
    });
    expect(lines.find((line) => line.Onderdeel === 'alarm' && line.Soort === 'Spoelalarm')).toMatchObject({ Afhandeling: 'bevestigd', 'Opgelost door': '', 'Opgelost op': '' });
    expect(lines.find((line) => line.Onderdeel === 'alarm' && line.Soort === 'Temperatuur langdurig buiten grens')).toMatchObject({ Kanaal: 'Temperatuur 1 (WW)', Afhandeling: 'niet afgehandeld' });
    // Every excursion with its duration class, after its channel's temperature line; times with their offset on the 25th.
    expect(lines.filter((line) => line.Onderdeel === 'overschrijding' && line.Node === 'Douche 2.14 (Ëlla)')).toMatchObject([
      { Van: '19-10-2026 07:00', Tot: '19-10-2026 11:30', Uren: '4,5', Duurklasse: 'korter dan 2 dagen' },
      { Van: '25-10-2026 02:30 (UTC+02:00)', Tot: '25-10-2026 02:30 (UTC+01:00)', Uren: '1', Duurklasse: 'korter dan 2 dagen' },
    ]);
    expect(lines.find((line) => line.Onderdeel === 'samenvatting' && line.Kanaal === 'Temperatuur 2')).toMatchObject({ 'Uren 25–50 °C': '512,25', 'Uren in periode': '745' });
    // A due date is a date; settings changes in words.
    expect(lines.find((line) => line.Onderdeel === 'kalibratiestatus')).toMatchObject({ 'Laatste kalibratie': '07-10-2026 11:12', Volgende: '07-10-2027' });
    expect(lines.find((line) => line.Onderdeel === 'wijziging' && line.Soort === 'Instellingen verstuurd')!.Details).toBe('Loginterval: 15\u00A0min → 10\u00A0min');
    const report = lines[0];
    expect(report).toMatchObject({ Onderdeel: 'rapport', Locatie: 'Woonzorg Eemland B.V.', Oordeel: 'Afwijkingen', Van: '01-10-2026', Tot: '31-10-2026', Soort: 'LB-2026-0042' });
    expect(report.Details).toContain(locationReport.sha256);
  });

  it('writes English figures with a decimal point', () => {
    const lines = byHeader(records(renderLogbookCsv(customerReport, 'en')));
    const hot = lines.find((line) => line.Section === 'temperature' && line.Channel === 'Temperatuur 1 (WW)' && line.Node === 'Douche 2.14 (Ëlla)')!;
    expect(hot).toMatchObject({ 'Coverage (%)': '96.98', 'Min (°C)': '48.2', 'Mean (°C)': '61.44', 'Hours 25–50 °C': '7.5', 'Excursion from': '19 Oct 2026 07:00' });
    expect(lines.filter((line) => line.Section === 'location').map((line) => [line.Location, line.Verdict])).toEqual([
      ['Zorgcentrum De Meerhoeve', 'Deviations'],
      ['Kantoor Stationsplein', 'Compliant'],
    ]);
    expect(lines[0]).toMatchObject({ Section: 'report', Kind: 'Not issued (draft)' });
    expect(lines.find((line) => line.Section === 'change' && line.Kind === 'Settings confirmed')!.User).toBe('the node itself');
  });

  it('writes German headers, lines and figures with a decimal comma and German dates', () => {
    const text = renderLogbookCsv(germanReport, 'de');
    expect(text.startsWith('\uFEFFBereich;Standort;Messknoten;EUI;Kanal;Wasserart;Grenzwert;Befund;Messwerte;Erwartet;Vollständigkeit (%);')).toBe(true);
    const rows = records(text);
    expect(new Set(rows[0]).size).toBe(rows[0].length);
    expect(new Set(rows.map((row) => row.length))).toEqual(new Set([91]));
    const lines = byHeader(rows);
    expect(new Set(lines.map((line) => line.Bereich))).toEqual(
      new Set(['bericht', 'standort', 'zusammenfassung', 'temperatur', 'überschreitung', 'messlücke', 'spülwoche', 'unwirksame spülung', 'fehlende spülung', 'alarm', 'kalibrierstatus', 'kalibrierung', 'änderung', 'abweichung']),
    );
    expect(lines[0]).toMatchObject({ Bereich: 'bericht', Standort: 'Pflegewerk Grünau GmbH', Befund: 'Abweichungen', Von: '01.10.2026', Bis: '31.10.2026', Art: 'LB-2026-0043', Benutzer: 'Jürgen Weiß' });
    const place = lines.find((line) => line.Bereich === 'standort')!;
    expect(place).toMatchObject({ Befund: 'Abweichungen', Art: 'DE – TrinkwV / DVGW W 551', Grenzwert: 'Trinkwasser warm (WW): mindestens 55 °C; Trinkwasser kalt (KW): höchstens 25 °C' });
    expect(place.Details).toContain('Schloßstraße 7, 14059 Berlin; Europe/Berlin; Wasseraustausch mindestens alle 72 Stunden; Grundlage: TrinkwV 2023; DIN 1988-200 / DVGW W 551; VDI/DVGW 6023');
    const hot = lines.find((line) => line.Bereich === 'temperatur' && line.Messknoten === 'Douche 2.14 (Ëlla)' && line.Kanal === 'Temperatuur 1 (WW)')!;
    expect(hot).toMatchObject({
      Wasserart: 'Warmwasser',
      Grenzwert: 'mindestens 55 °C',
      'Vollständigkeit (%)': '96,98',
      'Min. (°C)': '48,2',
      'Mittel (°C)': '61,44',
      'Grenzwert eingehalten (%)': '96,2',
      'Stunden 25–50 °C': '7,5',
      'Überschreitung von': '19.10.2026 07:00',
      'Überschreitung (Stunden)': '4,5',
    });
    expect(lines.find((line) => line.Bereich === 'unwirksame spülung')).toMatchObject({ Zeitpunkt: '19.10.2026 07:00', 'Vorher (°C)': '38,4', 'Nachher (°C)': '52,7' });
    expect(lines.find((line) => line.Bereich === 'kalibrierung')).toMatchObject({ 'Referenzwert (°C)': '60', 'Gemessen (°C)': '59,6', 'Korrektur (°C)': '0,4' });
    expect(lines.find((line) => line.Bereich === 'alarm' && line.Art === 'Fühler defekt')).toMatchObject({ Von: '30.10.2026 15:10', Bis: 'andauernd', Bearbeitung: 'nicht bearbeitet' });
    expect(lines.find((line) => line.Bereich === 'alarm' && line.Art === 'Keine Verbindung')).toMatchObject({ 'Quittiert am': '12.10.2026 08:02', 'Behoben von': 'monteur@example.com', Bemerkung: 'Perlator gereinigd, gateway herstart' });
    expect(lines.find((line) => line.Bereich === 'änderung' && line.Art === 'Einstellungen bestätigt')!.Benutzer).toBe('der Messknoten selbst');
  });

  it('keeps typed text from running as a formula', () => {
    const [section] = locationReport.locations;
    const report = { ...locationReport, locations: [{ ...section, changes: [{ ...section.changes[0], user: '=HYPERLINK("x")', details: '+31 6 1234', settings: undefined }] }] };
    const change = byHeader(records(renderLogbookCsv(report, 'en'))).find((line) => line.Section === 'change')!;
    expect(change.User).toBe(`'=HYPERLINK("x")`);
    expect(change.Details).toBe(`'+31 6 1234`);
  });
});
