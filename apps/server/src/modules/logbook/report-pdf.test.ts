import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { renderLogbookPdf } from './report-pdf';
import { excursionsInFull, groupOpenDeviations, pdfInFull, PDF_ALL_DEVIATIONS_IN_REPORT, PDF_ALL_EXCURSIONS_IN_REPORT, PDF_ALL_WEEKS_IN_REPORT } from './report-pdf-tables';
import { customerReport, germanReport, issuedBefore39, locationReport } from './report.fixture';

/** The text of each page in content order (cells in turn), as poppler's pdftotext reads it (Debian poppler-utils; .ci/run installs it). */
function pagesOf(pdf: Buffer): string[] {
  const text = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' });
  return text.split('\f').slice(0, -1);
}

/** Spaces collapsed, so a figure is found however the columns were laid out. */
const squeeze = (text: string) => text.replace(/\s+/g, ' ');

describe('renderLogbookPdf', () => {
  it('writes the figures of a location report in Dutch, with the header and footer on every page', async () => {
    const pdf = await renderLogbookPdf(locationReport, 'nl');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pagesOf(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const all = squeeze(pages.join('\n'));

    pages.forEach((page, index) => {
      const text = squeeze(page);
      // The header: customer, location with address, period, rulebook, number, generated when and by whom.
      expect(text).toContain('Legionellalogboek');
      expect(text).toContain('Woonzorg Eemland B.V.');
      expect(text).toContain('Zorgcentrum De Meerhoeve – Kerkstraat 12, 3811 CV Amersfoort');
      expect(text).toContain('01-10-2026 t/m 31-10-2026 (Europe/Amsterdam)');
      expect(text).toContain('NL – Regeling legionellapreventie');
      expect(text).toContain('LB-2026-0042');
      expect(text).toContain('02-11-2026 09:30 door Marieke Jansen');
      // The footer: the content's hash and "page X / Y".
      expect(text).toContain(`SHA-256 van de JSON van dit rapport (te downloaden): ${locationReport.sha256}`);
      expect(text).toContain(`Pagina ${index + 1} / ${pages.length}`);
    });

    expect(all).toContain('Oordeel locatie: Afwijkingen');
    expect(all).toMatch(/Douche 2\.14 \(Ëlla\) Temperatuur 1 \(WW\).*ten minste 60 °C 97,0% 96,2% 7,5 van 745 uur 5 \(1\) 0 Afwijkingen/);
    expect(all).toContain('Voldoet');
    expect(all).toContain('Onvoldoende gegevens');
    // Temperatures: readings, coverage, min/mean/max, growth-range hours, the longest excursion.
    expect(all).toMatch(/2890 \/ 2980 97,0% 48,2 °C 61,4 °C 66,8 °C 96,2% 7,5 19-10-2026 07:00 –/);
    expect(all).toContain('19-10-2026 11:30 (4,5 h)');
    expect(all).toContain('512,25');
    // Gaps longer than 6 hours, in Amsterdam time.
    expect(all).toMatch(/Onderbrekingen langer dan 6 uur/);
    expect(all).toMatch(/12-10-2026 05:15 13-10-2026 00:00 18,75/);
    expect(all).toMatch(/20-10-2026 18:30 26-10-2026 09:00 136,5/);
    // The failed flush with its temperatures before and after, and the missed stretch.
    expect(all).toMatch(/19-10-2026 07:00 Douche 2\.14 \(Ëlla\) Temperatuur 1 \(WW\) 38,4 °C 52,7 °C ten minste 60 °C/);
    expect(all).toMatch(/09-10-2026 08:00 20-10-2026 09:00 265/);
    // Alarms: who acknowledged and who resolved, each with the time, the note in a column of its own,
    // and "niet afgehandeld" where nobody did (issue 39).
    expect(all).toContain(
      'Offline Douche 2.14 (Ëlla) 12-10-2026 05:15 – 13-10-2026 00:00 18,75 Bevestigd: planner@example.com, 12-10-2026 08:02 Opgelost: monteur@example.com, 13-10-2026 09:40 Perlator gereinigd, gateway herstart',
    );
    expect(all).toContain('Soort Node / Kanaal Van – Tot Uren Afhandeling Notitie');
    expect(all).toContain('Spoelalarm Douche 2.14 (Ëlla) Temperatuur 1 (WW) 19-10-2026 07:00 – 19-10-2026 11:30 4,5 Bevestigd: monteur@example.com, 19-10-2026 08:15 –');
    expect(all).toContain('Temperatuur langdurig buiten grens Douche 2.14 (Ëlla) Temperatuur 1 (WW) 19-10-2026 08:00 – 19-10-2026 11:30 3,5 niet afgehandeld –');
    expect(all).toContain('Sensor defect Keuken; 1e verdieping Temperatuur 1 (WW) 30-10-2026 15:10 – loopt nog – niet afgehandeld –');
    // Every excursion with its duration class; the night the clocks go back, 02:30 twice with its offset.
    expect(all).toContain('Overschrijdingen van de grens Node Kanaal Van Tot Uren Duurklasse');
    expect(all).toContain('Douche 2.14 (Ëlla) Temperatuur 1 (WW) 25-10-2026 02:30 (UTC+02:00) 25-10-2026 02:30 (UTC+01:00) 1 korter dan 2 dagen');
    expect(all).toContain('Keuken; 1e verdieping Temperatuur 1 (WW) 09-10-2026 08:15 09-10-2026 09:00 0,75 korter dan 2 dagen');
    // Growth-range hours of the hours there (the mixed tap's 512,25 of 745).
    expect(all).toMatch(/512,25 van 745 uur/);
    // Due dates are dates.
    expect(all).toContain('Douche 2.14 (Ëlla) Temperatuur 1 (WW) 07-10-2026 11:12 1 07-10-2027 nee');
    expect(all).toContain('Keuken; 1e verdieping Temperatuur 1 (WW) 03-06-2024 14:00 2 03-06-2026 ja');
    // Settings in words, with the offset on the 25th.
    expect(all).toContain('25-10-2026 08:30 (UTC+01:00) Keuken; 1e verdieping Instellingen verstuurd A. Öztürk Loginterval: 15 min -> 10 min');
    expect(all).toMatch(/07-10-2026 11:12 Douche 2\.14 \(Ëlla\) Temperatuur 1 \(WW\) 60,0 °C 59,6 °C \+0,4 °C J\. de Vries/);
    expect(all).toContain('Instellingen bevestigd');
    // The arrow the embedded font lacks is written as '->'.
    expect(all).toContain('Batterij 3,02 V -> 3,61 V');
  });

  it('writes a German report: texts with umlauts and ß, the verdicts, the rulebook and its sources, German dates and decimal commas', async () => {
    const pages = pagesOf(await renderLogbookPdf(germanReport, 'de'));
    const all = squeeze(pages.join('\n'));
    pages.forEach((page, index) => {
      const text = squeeze(page);
      expect(text).toContain('Legionellen-Betriebsbuch');
      expect(text).toContain('Pflegeheim Am Schloßpark – Schloßstraße 7, 14059 Berlin');
      expect(text).toContain('01.10.2026 bis 31.10.2026 (Europe/Berlin)');
      expect(text).toContain('DE – TrinkwV / DVGW W 551');
      expect(text).toContain('02.11.2026 09:30 von Jürgen Weiß');
      expect(text).toContain(`Seite ${index + 1} / ${pages.length}`);
    });
    expect(all).toContain('Befund Standort: Abweichungen');
    expect(all).toContain('Eingehalten');
    expect(all).toContain('Unzureichende Daten');
    expect(all).toContain('DE – TrinkwV / DVGW W 551 (nach dem Land des Kunden)');
    expect(all).toContain('Grundlage: TrinkwV 2023; DIN 1988-200 / DVGW W 551; VDI/DVGW 6023');
    expect(all).toContain('Trinkwasser warm (WW): mindestens 55 °C · Trinkwasser kalt (KW): höchstens 25 °C');
    expect(all).toContain('Wasseraustausch mindestens alle 72 Stunden · Aufbewahrung: 10 Jahre');
    for (const heading of ['Zusammenfassung', 'Temperaturen', 'Messlücken über 6 Stunden', 'Spülungen je Woche', 'Unwirksame Spülungen', 'Stagnation: Zeiträume ohne Spülung', 'Alarme', 'Kalibrierstatus je Kanal', 'Änderungen']) {
      expect(all).toContain(heading);
    }
    // Figures: a decimal comma, German dates and times in Berlin.
    expect(all).toMatch(/2890 \/ 2980 97,0% 48,2 °C 61,4 °C 66,8 °C 96,2% 7,5 19\.10\.2026 07:00 –/);
    expect(all).toContain('2116 / 2980 (12 fehlerhafte Messwerte)');
    expect(all).toMatch(/12\.10\.2026 05:15 13\.10\.2026 00:00 18,75/);
    expect(all).toMatch(/19\.10\.2026 07:00 Douche 2\.14 \(Ëlla\) Temperatuur 1 \(WW\) 38,4 °C 52,7 °C mindestens 55 °C/);
    expect(all).toContain('Fühler defekt Keuken; 1e verdieping Temperatuur 1 (WW) 30.10.2026 15:10 – andauernd – nicht bearbeitet –');
    expect(all).toContain('Quittiert: planner@example.com, 12.10.2026 08:02 Behoben: monteur@example.com, 13.10.2026 09:40 Perlator gereinigd, gateway herstart');
    expect(all).toContain('Temperatur anhaltend außerhalb Grenzwert');
    expect(all).toContain('25.10.2026 02:30 (UTC+02:00) 25.10.2026 02:30 (UTC+01:00) 1 unter 2 Tagen');
    expect(all).toContain('Speicherintervall: 15 min -> 10 min');
    expect(all).toContain('Einstellungen bestätigt');
    expect(all).toContain('der Messknoten selbst');
  });

  it('breaks the changes table across pages with its header row repeated and no row split', async () => {
    // As issued before deviations were records (no deviations table): the changes start low on a page.
    const { deviations: _none, ...section } = locationReport.locations[0];
    const pages = pagesOf(await renderLogbookPdf({ ...locationReport, locations: [section] }, 'nl'));
    const withChanges = pages.filter((page) => /Instellingen\s+(verstuurd|bevestigd)/.test(page));
    expect(withChanges.length).toBeGreaterThanOrEqual(2);
    for (const page of withChanges) expect(squeeze(page)).toMatch(/Tijdstip Node Soort Gebruiker Details/);
    const rows = squeeze(pages.join('\n')).match(/\d\d-10-2026 \d\d:\d\d (\(UTC\+01:00\) )?Keuken; 1e verdieping Instellingen (verstuurd|bevestigd) (A\. Öztürk|de node zelf) Loginterval: \d+ min -> \d+ min/g) ?? [];
    expect(rows).toHaveLength(32);
  });

  it('lists every deviation with its state and handling, open ones as open; a report issued before deviations has no such section', async () => {
    const text = squeeze(pagesOf(await renderLogbookPdf(locationReport, 'nl')).join('\n'));
    expect(text).toContain('Afwijkingen en maatregelen');
    expect(text).toMatch(/Temperatuur buiten grens .*Afgehandeld .*Boiler in onderhoud .*klant@example\.com, 09-10-2026 11:30/);
    expect(text).toMatch(/Alarm: Offline .*Afgehandeld via het alarm .*Batterij vervangen .*monteur@example\.com/);
    expect(text).toMatch(/Spoeling voldeed niet .*Open/);
    const { deviations: _none, ...old } = locationReport.locations[0];
    expect(squeeze(pagesOf(await renderLogbookPdf({ ...locationReport, locations: [old] }, 'nl')).join('\n'))).not.toContain('Afwijkingen en maatregelen');
  });

  it('opens a customer report with the summary of its locations and says so when a section is empty (English)', async () => {
    const pages = pagesOf(await renderLogbookPdf(customerReport, 'en'));
    const first = squeeze(pages[0]);
    expect(first).toContain('Legionella logbook – customer overview');
    expect(first).toContain('Not issued (draft)');
    expect(first).toContain('Customer verdict: Deviations');
    expect(first).toMatch(/Zorgcentrum De Meerhoeve Kerkstraat 12, Amersfoort NL – Regeling .*2 4 1 1 2 4 Deviations/);
    expect(first).toMatch(/Kantoor Stationsplein Stationsplein 1, Amersfoort NL – Regeling .*1 1 1 0 0 0 Compliant/);
    expect(first).toContain('1 Oct 2026 to 31 Oct 2026 (Europe/Amsterdam)');
    expect(first).toContain(`Page 1 / ${pages.length}`);

    const office = pages.findIndex((page) => page.includes('Location verdict: Compliant'));
    expect(office).toBeGreaterThan(0);
    const text = squeeze(pages.slice(office).join('\n'));
    // The header of the office's pages names the office, not the care home.
    expect(squeeze(pages[office])).toContain('Kantoor Stationsplein – Stationsplein 1, 3818 LE Amersfoort');
    for (const empty of ['No alarms in this period', 'No calibrations in this period', 'No changes in this period', 'No failed flushes', 'No channels with a flush duty', 'No gaps longer than 6 hours']) {
      expect(text).toContain(empty);
    }
    expect(text).toMatch(/2975 \/ 2980 99\.8% 14\.2 °C 17\.1 °C 21\.4 °C 100\.0%/);
  });

  it.each([
    [PDF_ALL_EXCURSIONS_IN_REPORT, true],
    [PDF_ALL_EXCURSIONS_IN_REPORT + 1, false],
  ])('a report with %i excursions over its locations lists every one: %s', (count, inFull) => {
    const [section] = locationReport.locations;
    const [channel] = section.channels;
    const half = Math.floor(count / 2);
    const withExcursions = (n: number) => ({ ...section, channels: [{ ...channel, excursions: Array.from({ length: n }, () => channel.excursions![0]) }] });
    expect(excursionsInFull([withExcursions(half), withExcursions(count - half)])).toBe(inFull);
  });

  it('a customer report with more excursions than the PDF lists in full: only those of 2 days or longer, and the note that the CSV has all', async () => {
    const [section] = customerReport.locations;
    const [channel] = section.channels;
    const short = { from: '2026-10-14T03:07:00.000Z', to: '2026-10-14T04:07:00.000Z', hours: 1, durationClass: 'underTwoDays' as const };
    const long = { from: '2026-10-16T04:11:00.000Z', to: '2026-10-19T04:11:00.000Z', hours: 72, durationClass: 'twoDaysToWeek' as const };
    // Each location under the per-location bound, the report over its own.
    const crowded = { ...section, channels: [{ ...channel, excursions: [...Array.from({ length: PDF_ALL_EXCURSIONS_IN_REPORT / 4 }, () => short), long] }] };
    const report = { ...customerReport, locations: [crowded, crowded, crowded, crowded, crowded] };
    const text = squeeze(pagesOf(await renderLogbookPdf(report, 'en')).join('\n'));
    expect(text).toContain('Only the excursions of 2 days or longer are listed here; the CSV has every excursion.');
    expect(text).not.toMatch(/05:07/);
    expect(text).toMatch(/16 Oct 2026,? 06:11/);
  });

  it.each([
    [PDF_ALL_WEEKS_IN_REPORT, PDF_ALL_DEVIATIONS_IN_REPORT, true],
    [PDF_ALL_WEEKS_IN_REPORT + 1, PDF_ALL_DEVIATIONS_IN_REPORT + 1, false],
  ])('a report with %i channel-weeks and %i deviations over its locations lists each: %s', (weeks, deviations, inFull) => {
    const [section] = locationReport.locations;
    const part = (n: number, m: number) => ({
      ...section,
      flushWeeks: Array.from({ length: n }, () => section.flushWeeks[0]),
      deviations: Array.from({ length: m }, () => section.deviations![0]),
    });
    expect(pdfInFull([part(1, 1), part(weeks - 1, deviations - 1)])).toMatchObject({ weeks: inFull, deviations: inFull });
  });

  it('groups the open deviations of a kind at a location in a long report: number, channels, first start, last end; handled ones stay one each', () => {
    const [section] = locationReport.locations;
    const [handled, , open] = section.deviations!;
    const at = (from: string, to: string | null) => ({ ...open, kind: 'excursion' as const, from, to });
    const lines = groupOpenDeviations([
      at('2026-10-05T01:00:00.000Z', '2026-10-05T02:00:00.000Z'),
      handled,
      at('2026-10-03T01:00:00.000Z', '2026-10-03T04:00:00.000Z'),
      { ...at('2026-10-06T01:00:00.000Z', '2026-10-06T02:00:00.000Z'), channelId: 'temperature2' },
      at('2026-10-20T01:00:00.000Z', '2026-10-21T02:00:00.000Z'),
      open,
    ]);
    expect(lines.map((line) => [line.kind, line.channelId, line.count, line.channels, line.from, line.to, line.state])).toEqual([
      ['excursion', 'temperature1', 4, 2, '2026-10-03T01:00:00.000Z', '2026-10-21T02:00:00.000Z', 'open'],
      ['excursion', 'temperature1', 1, 1, handled.from, handled.to, 'handled'],
      ['failedFlush', 'temperature1', 1, 1, open.from, open.to, 'open'],
    ]);
    // One still going: the line is ongoing.
    expect(groupOpenDeviations([at('2026-10-05T01:00:00.000Z', '2026-10-05T02:00:00.000Z'), at('2026-10-07T01:00:00.000Z', null)])[0]).toMatchObject({ count: 2, to: null });
  });

  it('a customer report over the deviation bound: one line per kind and location for the open ones, with the note that the CSV has each', async () => {
    const [section] = customerReport.locations;
    const [handled, , open] = section.deviations!;
    const crowded = {
      ...section,
      deviations: [handled, ...Array.from({ length: PDF_ALL_DEVIATIONS_IN_REPORT / 2 }, (_, n) => ({ ...open, channelId: n % 2 ? 'temperature2' : 'temperature1', from: `2026-10-${String(1 + (n % 28)).padStart(2, '0')}T05:00:00.000Z`, to: `2026-10-${String(1 + (n % 28)).padStart(2, '0')}T05:00:00.000Z` }))],
    };
    const text = squeeze(pagesOf(await renderLogbookPdf({ ...customerReport, locations: [crowded, crowded] }, 'en')).join('\n'));
    expect(text).toContain('Open deviations of the same kind are one line per location here, with their number, the number of channels, the first start and the last end; the CSV has every deviation.');
    expect(text).toContain(`(${PDF_ALL_DEVIATIONS_IN_REPORT / 2}×) Channels: 2`);
    expect(text).toContain('Boiler na onderhoud op 65 °C gezet en tappunt gespoeld');
  });

  it('over more than a quarter lists the flushes per channel and only the weeks that fell short', async () => {
    const [section] = locationReport.locations;
    const week = (index: number) => new Date(Date.UTC(2026, 0, 5) + index * 7 * 86_400_000).toISOString().slice(0, 10);
    const weeks = Array.from({ length: 20 }, (_, index) => ({ ...section.flushWeeks[0], week: week(index), flushes: index === 7 ? 0 : 1, proved: index === 7 ? 0 : 1 }));
    const report = { ...locationReport, locations: [{ ...section, flushWeeks: weeks }] };
    const text = squeeze(pagesOf(await renderLogbookPdf(report, 'en')).join('\n'));
    expect(text).toContain('Flushes per channel');
    expect(text).toMatch(/Douche 2\.14 \(Ëlla\) Temperatuur 1 \(WW\) 20 19 1 19 19 0/);
    expect(text).toContain('Weeks with too few or failed flushes');
    expect(text).toMatch(/Douche 2\.14 \(Ëlla\) Temperatuur 1 \(WW\) 23 Feb 2026 0 0 0 1/);
    expect(text).not.toContain('16 Feb 2026');
  });

  it('renders a report issued before issue 39 as it was stored: due dates as instants, handling without times, settings as recorded, no excursion list', async () => {
    const all = squeeze(pagesOf(await renderLogbookPdf(issuedBefore39(locationReport), 'nl')).join('\n'));
    expect(all).toContain('07-10-2027 11:12 nee');
    expect(all).toContain('Bevestigd: planner@example.com Opgelost: monteur@example.com Perlator gereinigd, gateway herstart');
    expect(all).toContain('Sensor defect Keuken; 1e verdieping Temperatuur 1 (WW) 30-10-2026 15:10 – loopt nog – niet afgehandeld –');
    expect(all).toContain('2.logInterval: 15 -> 10');
    expect(all).not.toContain('Overschrijdingen van de grens');
    expect(all).toContain('19-10-2026 11:30 (4,5 h)');
  });

  it('gives the same bytes for the same report and language, with the PDF dates from generatedAt', async () => {
    const [first, second] = [await renderLogbookPdf(locationReport, 'nl'), await renderLogbookPdf(locationReport, 'nl')];
    expect(first.equals(second)).toBe(true);
    const info = execFileSync('pdfinfo', ['-isodates', '-'], { input: first, encoding: 'utf8' });
    expect(info).toMatch(/CreationDate:\s+2026-11-02T08:30:12Z/);
    expect(info).toMatch(/ModDate:\s+2026-11-02T08:30:12Z/);

    const later = await renderLogbookPdf({ ...locationReport, generatedAt: '2026-11-02T08:30:13.000Z' }, 'nl');
    expect(later.equals(first)).toBe(false);
    const english = await renderLogbookPdf(locationReport, 'en');
    expect(english.equals(first)).toBe(false);
  });
});
