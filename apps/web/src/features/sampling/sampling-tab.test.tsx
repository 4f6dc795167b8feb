import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TSamplePoint, TSampleResult, TSamplingPlan } from '@aquasmart/domain';
import '../../lib/i18n/texts/sampling-messages';
import { jsonResponse, renderAt } from '../../test/render';
import { TOKEN_STORAGE_KEY } from '../../lib/session/token-storage';
import { testUser } from '../../test/users';
import { SamplingTab } from './sampling-tab';

const BASE = '/api/v1/customers/Gemeente%20Utrecht/locations/Sporthal%20Zuid';
const POINT: TSamplePoint = {
  id: 4,
  customer: 'Gemeente Utrecht',
  location: 'Sporthal Zuid',
  name: 'Douche 1',
  role: 'hot',
  priority: true,
  eui: null,
  channelId: null,
  createdAt: '2026-01-10T10:00:00.000Z',
  due: { routineDue: '2026-07-10', resampleDue: null, nextDue: '2026-07-10', state: 'overdue' },
  latest: null,
};
const PLAN: TSamplingPlan = {
  customer: 'Gemeente Utrecht',
  location: 'Sporthal Zuid',
  rulebook: 'NL',
  intervalMonths: null,
  deUse: null,
  resampleWithinDays: null,
  taps: 120,
  effectiveIntervalMonths: 6,
  intervalSource: 'rulebook',
  effectiveResampleWithinDays: 30,
  requiredPoints: 6,
  points: 1,
};

const RESULT: TSampleResult = {
  id: 31,
  customer: 'Gemeente Utrecht',
  location: 'Sporthal Zuid',
  samplePointId: 4,
  pointName: 'Douche 1',
  sampleId: 'M-31',
  takenAt: '2026-03-31T07:15:00.000Z',
  lab: 'Lab Noord',
  accreditation: null,
  method: 'ISO 11731',
  waterCelsius: null,
  counts: [{ species: 'Legionella spp.', serogroup: null, count: 40, detectionLimit: null, unit: 'kve/l' }],
  rulebook: 'NL',
  highestPerLitre: 40,
  verdict: 'compliant',
  legalStep: 'none',
  severity: null,
  resample: false,
  alarmId: null,
  resampleDue: null,
  notification: null,
  report: { name: 'Rapport M-31.pdf', size: 1200, uploadedAt: '2026-04-02T08:00:00.000Z', uploadedBy: 'klant@example.com', url: '/sample-results/31/report' },
  source: 'form',
  enteredAt: '2026-04-02T08:00:00.000Z',
  enteredBy: 'klant@example.com',
};
const WITHOUT_REPORT: TSampleResult = { ...RESULT, id: 32, sampleId: 'M-32', report: null };

function stubApi(rights: Parameters<typeof testUser>[0], results: TSampleResult[] = []) {
  return vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/v1/users/current') return jsonResponse(200, testUser(rights));
    if (url.pathname === `${BASE}/sample-points`) return jsonResponse(200, [POINT]);
    if (url.pathname === `${BASE}/sampling-plan`) return jsonResponse(200, PLAN);
    if (url.pathname === `${BASE}/sample-results` && init?.method === 'POST') return jsonResponse(201, RESULT);
    if (url.pathname === `${BASE}/sample-results`) return jsonResponse(200, results);
    if (url.pathname === `${BASE}/sample-results/import`) return jsonResponse(200, { imported: 1, alarms: [] });
    if (url.pathname === '/api/v1/sample-results/31/report') {
      return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="Rapport M-31.pdf"' } });
    }
    return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'x' });
  });
}

beforeEach(() => window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token'));
afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

/** The buttons follow the server's rights (docs/sampling.md, "API"): points and plan editLocation or enterSampleResults, results enterSampleResults. */
describe('the Sampling tab', { timeout: 30_000 }, () => {
  it('lists the point with its overdue date and the plan with art. 43', async () => {
    stubApi(['enterSampleResults']);
    renderAt(<SamplingTab customer="Gemeente Utrecht" location="Sporthal Zuid" />);
    const table = await screen.findByRole('table', { name: 'Monsterpunten' });
    const row = within(table).getAllByRole('row')[1];
    expect(row.textContent).toContain('Douche 1');
    expect(row.textContent).toContain('10-07-2026');
    expect(within(row).getByText('Te laat')).toBeTruthy();
    expect(await screen.findByText('Art. 43 vraagt 6 monsterpunten bij dit aantal tappunten; er zijn er 1.')).toBeTruthy();
    expect(screen.getByText(/6 maanden \(volgens het regelboek \(NL\)\)/)).toBeTruthy();
  });

  it.each<[string, Parameters<typeof testUser>[0], boolean, boolean]>([
    ['enterSampleResults: set up and enter', ['enterSampleResults'], true, true],
    ['editLocation: set up, not enter', ['editLocation'], true, false],
    ['reading only', ['dashboard'], false, false],
  ])('%s', async (_name, rights, setUp, enter) => {
    stubApi(rights);
    renderAt(<SamplingTab customer="Gemeente Utrecht" location="Sporthal Zuid" />);
    await screen.findByRole('table', { name: 'Monsterpunten' });
    await screen.findByText(/Monsterpunten in het plan|Art\. 43/);
    expect(screen.queryByRole('button', { name: 'Monsterpunt toevoegen' }) !== null).toBe(setUp);
    expect(screen.queryByRole('button', { name: 'Plan wijzigen' }) !== null).toBe(setUp);
    expect(screen.queryByRole('button', { name: 'Monsterpunt Douche 1 wijzigen' }) !== null).toBe(setUp);
    expect(screen.queryByRole('button', { name: 'Resultaat invoeren voor Douche 1' }) !== null).toBe(enter);
    expect(screen.queryByRole('button', { name: 'Labuitslagen importeren (CSV)' }) !== null).toBe(enter);
  });

  it.each<[string, Parameters<typeof testUser>[0], boolean]>([
    ['enterSampleResults: downloads, and adds a PDF where none is', ['enterSampleResults'], true],
    ['reading only: downloads', ['dashboard'], false],
  ])("the lab's PDF in the result's row, %s", async (_name, rights, attach) => {
    const fetch = stubApi(rights, [RESULT, WITHOUT_REPORT]);
    const saved = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    renderAt(<SamplingTab customer="Gemeente Utrecht" location="Sporthal Zuid" />);
    const table = await screen.findByRole('table', { name: 'Uitslagen' });
    const download = within(table).getByRole('button', { name: 'Rapport Rapport M-31.pdf downloaden' });
    expect(within(table).queryByRole('button', { name: 'Rapport van het laboratorium toevoegen aan M-32' }) !== null).toBe(attach);
    expect(within(table).queryByRole('button', { name: 'Rapport van het laboratorium toevoegen aan M-31' })).toBeNull();
    download.click();
    await vi.waitFor(() => expect(saved).toHaveBeenCalled());
    expect(fetch.mock.calls.some(([input]) => String(input).endsWith('/api/v1/sample-results/31/report'))).toBe(true);
  });

  it("a lab file in another layout: its headers per required field, the known ones chosen, the choices sent as the mapping", async () => {
    const user = userEvent.setup();
    const fetch = stubApi(['enterSampleResults']);
    renderAt(<SamplingTab customer="Gemeente Utrecht" location="Sporthal Zuid" />);
    await user.click(await screen.findByRole('button', { name: 'Labuitslagen importeren (CSV)' }));
    const csv = 'Analysenr;Tappunt;Datum;Uitvoerend lab;Legionella;Maat\nLN-1;Douche 1;2026-03-31 09:15;Lab Oost;<100;kve/l\n';
    await user.upload(screen.getByLabelText('CSV-bestand'), new File([csv], 'lab.csv', { type: 'text/csv' }));
    const sampleId = await screen.findByRole('combobox', { name: /^Monsternummer/ });
    // Known names are chosen already (the sample point's old Dutch word "Tappunt" too); the others wait for a choice.
    expect(screen.getByRole('combobox', { name: /^Monsterpunt/ }).textContent).toBe('Tappunt');
    expect(screen.getByRole('combobox', { name: /^Genomen op/ }).textContent).toBe('Datum');
    expect(screen.getAllByText('Kies de kolom')).toHaveLength(4);
    const choose = async (field: RegExp | HTMLElement, header: string) => {
      await user.click(field instanceof HTMLElement ? field : screen.getByRole('combobox', { name: field }));
      await user.click(await screen.findByRole('option', { name: header }));
    };
    await choose(sampleId, 'Analysenr');
    await choose(/^Laboratorium/, 'Uitvoerend lab');
    await choose(/^Aantal/, 'Legionella');
    await choose(/^Eenheid/, 'Maat');
    expect(screen.queryByText('Kies de kolom')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Importeren' }));
    await vi.waitFor(() => expect(fetch.mock.calls.some(([input]) => String(input).endsWith('/sample-results/import'))).toBe(true));
    const [, init] = fetch.mock.calls.find(([input]) => String(input).endsWith('/sample-results/import'))!;
    expect(JSON.parse(String(init?.body))).toEqual({
      csv,
      mapping: { sampleId: 'Analysenr', point: 'Tappunt', takenAt: 'Datum', lab: 'Uitvoerend lab', count: 'Legionella', unit: 'Maat' },
    });
  });

  it("the lab's PDF goes with a result entered by hand, as a data: URL", async () => {
    const user = userEvent.setup();
    const fetch = stubApi(['enterSampleResults']);
    renderAt(<SamplingTab customer="Gemeente Utrecht" location="Sporthal Zuid" />);
    await user.click(await screen.findByRole('button', { name: 'Resultaat invoeren voor Douche 1' }));
    await user.type(screen.getByLabelText(/^Monsternummer van het lab/), 'M-31');
    await user.type(screen.getByLabelText(/^Aantal/), '40');
    await user.type(screen.getByLabelText(/^Laboratorium/), 'Lab Noord');
    expect(screen.getByText('Optioneel, hoogstens 10 MB; het kan ook later bij de uitslag.')).toBeTruthy();
    await user.upload(screen.getByLabelText('PDF kiezen'), new File(['%PDF-1.7\n'], 'Rapport M-31.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('Gekozen: Rapport M-31.pdf')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Invoeren' }));
    await vi.waitFor(() => expect(fetch.mock.calls.some(([input, init]) => String(input).endsWith('/sample-results') && init?.method === 'POST')).toBe(true));
    const [, init] = fetch.mock.calls.find(([input, init]) => String(input).endsWith('/sample-results') && init?.method === 'POST')!;
    const body = JSON.parse(String(init?.body)) as { sampleId: string; report: { name: string; data: string } };
    expect(body.sampleId).toBe('M-31');
    expect(body.report.name).toBe('Rapport M-31.pdf');
    expect(atob(body.report.data.replace(/^data:[^,]*;base64,/, ''))).toBe('%PDF-1.7\n');
  });
});
