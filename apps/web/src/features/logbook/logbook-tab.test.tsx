import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TIssuedLogbookReport } from '@aquasmart/domain';
import { jsonResponse, renderAt } from '../../test/render';
import { TOKEN_STORAGE_KEY } from '../../lib/session/token-storage';
import { testUser } from '../../test/users';
import { LogbookTab, reportLanguage } from './logbook-tab';
import { localToday, presetPeriod } from './period-choice';
import { channelFixture, issuedFixture, reportFixture, sectionFixture } from './report.fixture';

const LOCATION_BASE = '/api/v1/customers/Gemeente%20Utrecht/locations/Stadhuis%20%2F%20West/logbook';
const CUSTOMER_BASE = '/api/v1/customers/Gemeente%20Utrecht/logbook';

interface TStub {
  report?: (url: URL) => Response;
  issued?: TIssuedLogbookReport[];
  /** The signed-in user's rights (default: may sign). */
  rights?: Parameters<typeof testUser>[0];
  /** The answer to an issue (default 201 with LB-2026-0042). */
  issue?: (body: Record<string, unknown>) => Response | null;
}

const RESPONSIBLE = { name: 'Anna de Vries', role: 'Beheerder', organisation: 'Gemeente Utrecht', email: 'anna@example.com', phone: '' };

/** Answers the logbook calls; records the report requests' periods and the issue bodies. */
function stubApi(base: string, { report = () => jsonResponse(200, reportFixture()), issued = [], rights = ['dashboard', 'signLogbook'], issue = () => null }: TStub = {}) {
  const periods: { from: string | null; to: string | null }[] = [];
  const posted: unknown[] = [];
  const list = [...issued];
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === base && (init?.method ?? 'GET') === 'GET') {
      periods.push({ from: url.searchParams.get('from'), to: url.searchParams.get('to') });
      return report(url);
    }
    if (url.pathname === '/api/v1/users/current') return jsonResponse(200, testUser(rights));
    if (url.pathname === '/api/v1/customers/Gemeente%20Utrecht') return jsonResponse(200, { name: 'Gemeente Utrecht', responsible: RESPONSIBLE, deputy: null });
    if (url.pathname === '/api/v1/customers/Gemeente%20Utrecht/locations/Stadhuis%20%2F%20West') return jsonResponse(200, { name: 'Stadhuis / West', responsible: null, deputy: null });
    if (url.pathname === `${base}/issued` && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      posted.push(body);
      const answer = issue(body);
      if (answer) return answer;
      const made = issuedFixture({ number: 'LB-2026-0042', sha256: 'd'.repeat(64) });
      list.unshift(made);
      return jsonResponse(201, made);
    }
    if (url.pathname === `${base}/issued`) return jsonResponse(200, list);
    // A location's planned disinfections (docs/logbook.md, "Thermal disinfection").
    if (url.pathname === base.replace(/\/logbook$/, '/disinfections')) return jsonResponse(200, []);
    return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'x' });
  });
  return { periods, posted };
}

function renderLocationTab() {
  return renderAt(<LogbookTab customer="Gemeente Utrecht" location="Stadhuis / West" />);
}

beforeEach(() => window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token'));
afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('the Logbook tab', { timeout: 30_000 }, () => {
  it('asks for last month by default and shows the verdict, the rulebook and the summary', async () => {
    const { periods } = stubApi(LOCATION_BASE);
    renderLocationTab();
    const summary = await screen.findByRole('table', { name: 'Samenvatting' });
    expect(screen.getByText('Oordeel over 01-10-2026 t/m 31-10-2026')).toBeTruthy();
    expect(periods[0]).toEqual(presetPeriod('lastMonth', localToday()));
    const hotRow = within(summary).getByText('Warm water keuken').closest('tr') as HTMLElement;
    // A value and its unit are joined by a no-break space; '60,0 °C' stays on the line of its limit.
    expect(Array.from(hotRow.querySelectorAll('td')).map((cell) => cell.textContent)).toEqual(
      expect.arrayContaining(['Warm water ten minste 60,0\u00A0°C', 'Afwijkingen', '96,8\u00A0%', '48,2 / 61,4 / 66,1\u00A0°C', '36,5\u00A0uur', '4 / 1']),
    );
    expect(getComputedStyle(within(hotRow).getByText('60,0 °C')).whiteSpace).toBe('nowrap');
    // The verdict on top (and per channel).
    expect(screen.getAllByText('Afwijkingen').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('Regelset: NL – Regeling legionellapreventie')).toBeTruthy();
    expect(screen.getByText(/volgens het land van de klant/)).toBeTruthy();
    expect(screen.getByText('Nog geen rapporten uitgegeven')).toBeTruthy();
  });

  it('asks for the chosen period: a preset, then two typed dates', async () => {
    const user = userEvent.setup();
    const { periods } = stubApi(LOCATION_BASE);
    renderLocationTab();
    await screen.findByRole('table', { name: 'Samenvatting' });
    await user.click(screen.getByRole('combobox', { name: 'Periode' }));
    await user.click(await screen.findByRole('option', { name: 'Vorig kwartaal' }));
    await waitFor(() => expect(periods.at(-1)).toEqual(presetPeriod('lastQuarter', localToday())));

    await user.click(screen.getByRole('combobox', { name: 'Periode' }));
    await user.click(await screen.findByRole('option', { name: 'Zelf kiezen' }));
    fireEvent.change(screen.getByLabelText(/^Van/), { target: { value: '2026-03-02' } });
    fireEvent.change(screen.getByLabelText(/^Tot en met/), { target: { value: '2026-03-20' } });
    await user.click(screen.getByRole('button', { name: 'Tonen' }));
    await waitFor(() => expect(periods.at(-1)).toEqual({ from: '2026-03-02', to: '2026-03-20' }));
  });

  it('checks typed dates before asking, and shows the server’s field message of a refused period', async () => {
    const user = userEvent.setup();
    const { periods } = stubApi(LOCATION_BASE, {
      report: (url) =>
        url.searchParams.get('from') === '2026-02-01'
          ? jsonResponse(400, { statusCode: 400, error: 'Bad Request', message: 'bad period', key: 'errors.badRequest', fields: { to: 'validation.periodTooLong?days=367' } })
          : jsonResponse(200, reportFixture()),
    });
    renderLocationTab();
    await screen.findByRole('table', { name: 'Samenvatting' });
    await user.click(screen.getByRole('combobox', { name: 'Periode' }));
    await user.click(await screen.findByRole('option', { name: 'Zelf kiezen' }));
    const asked = periods.length;
    fireEvent.change(screen.getByLabelText(/^Van/), { target: { value: '2026-03-20' } });
    fireEvent.change(screen.getByLabelText(/^Tot en met/), { target: { value: '2026-03-02' } });
    await user.click(screen.getByRole('button', { name: 'Tonen' }));
    expect(await screen.findByText('De einddatum ligt voor de begindatum')).toBeTruthy();
    expect(periods).toHaveLength(asked);

    fireEvent.change(screen.getByLabelText(/^Van/), { target: { value: '2026-02-01' } });
    fireEvent.change(screen.getByLabelText(/^Tot en met/), { target: { value: '2026-02-28' } });
    await user.click(screen.getByRole('button', { name: 'Tonen' }));
    // Under the field and in the preview's message.
    await waitFor(() => expect(screen.getAllByText(/Een logboek beslaat hoogstens 367 dagen/)).toHaveLength(2));
    expect(screen.getByRole('alert').textContent).toContain('Het rapport kon niet worden gemaakt');
  });

  it('says so when the period has no readings', async () => {
    const empty = reportFixture({
      verdict: 'insufficientData',
      locations: [sectionFixture({ verdict: 'insufficientData', channels: [channelFixture({ readings: 0, coverage: 0, min: null, mean: null, max: null, verdict: 'insufficientData' })] })],
    });
    stubApi(LOCATION_BASE, { report: () => jsonResponse(200, empty) });
    renderLocationTab();
    expect(await screen.findByText('Geen metingen in deze periode')).toBeTruthy();
    expect(screen.getAllByText('Onvoldoende gegevens').length).toBeGreaterThanOrEqual(1);
  });

  it('signs and issues: the dialog shows the statement and the responsible person, asks the role and, for a period issued before, a reason; the register marks which report counts', async () => {
    const user = userEvent.setup();
    const period = presetPeriod('lastMonth', localToday());
    const earlier = issuedFixture({ number: 'LB-2026-0001', ...period });
    const { posted } = stubApi(LOCATION_BASE, {
      issued: [earlier],
      issue: (body) =>
        body.reason === 'te vroeg'
          ? jsonResponse(400, { statusCode: 400, error: 'Bad Request', message: 'x', key: 'errors.badRequest', fields: { reason: 'validation.tooLong?max=2000' } })
          : null,
    });
    renderLocationTab();
    await screen.findByRole('table', { name: 'Samenvatting' });
    const issuedTable = await screen.findByRole('table', { name: 'Uitgegeven rapporten' });
    expect(within(issuedTable).getByText('LB-2026-0001')).toBeTruthy();
    expect(within(issuedTable).getByText(`${'b'.repeat(10)}…`)).toBeTruthy();
    expect(within(issuedTable).getByText('ondertekend door Karin Klant (Beheerder)')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Ondertekenen en uitgeven' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ondertekenen en uitgeven' });
    expect(within(dialog).getByTestId('sign-off-statement').textContent).toMatch(/^Ik verklaar dat dit logboek/);
    // The location names nobody: the customer's responsible person holds.
    expect(await within(dialog).findByText('Anna de Vries · Beheerder · Gemeente Utrecht · anna@example.com')).toBeTruthy();
    expect(within(dialog).getByText('Verantwoordelijke (van de klant)')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Ondertekenen en uitgeven' }));
    expect(await within(dialog).findByText('Bevestig de verklaring om te ondertekenen')).toBeTruthy();
    expect(within(dialog).getByText('Deze periode is al uitgegeven: geef een reden om het rapport te vervangen')).toBeTruthy();
    expect(posted).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Ik bevestig deze verklaring' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Uw functie/ }), 'Beheerder');
    await user.type(within(dialog).getByRole('textbox', { name: /^Reden van vervanging/ }), 'te vroeg');
    await user.click(within(dialog).getByRole('button', { name: 'Ondertekenen en uitgeven' }));
    // The server's field message stays in the dialog.
    expect(await within(dialog).findByText('Maximaal 2000 tekens')).toBeTruthy();
    await user.clear(within(dialog).getByRole('textbox', { name: /^Reden van vervanging/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Reden van vervanging/ }), 'Kalibratie gecorrigeerd');
    await user.click(within(dialog).getByRole('button', { name: 'Ondertekenen en uitgeven' }));
    await waitFor(() => expect(posted.at(-1)).toEqual({ ...period, language: 'nl', statement: true, role: 'Beheerder', reason: 'Kalibratie gecorrigeerd' }));
    expect((await screen.findByTestId('issued-number')).textContent).toBe('LB-2026-0042');
    expect(screen.getByTestId('issued-hash').textContent).toBe('d'.repeat(64));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Uitgegeven rapporten' })).getByText('LB-2026-0042')).toBeTruthy());
  });

  it('issues in the report language chosen: German is offered although the screens have no German', async () => {
    const user = userEvent.setup();
    const { posted } = stubApi(LOCATION_BASE);
    renderLocationTab();
    await screen.findByRole('table', { name: 'Samenvatting' });
    const choice = screen.getByRole('combobox', { name: 'Taal van het rapport' });
    expect(choice.textContent).toBe('Nederlands');
    await user.click(choice);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => [option.textContent, option.getAttribute('lang')])).toEqual([
      ['Nederlands', 'nl'],
      ['English', 'en'],
      ['Deutsch', 'de'],
    ]);
    await user.click(screen.getByRole('option', { name: 'Deutsch' }));
    expect(screen.getByRole('combobox', { name: 'Taal van het rapport' }).textContent).toBe('Deutsch');
    // The preview is written as the report: German, with its lang; the rest of the tab stays Dutch.
    const summary = await screen.findByRole('table', { name: 'Zusammenfassung' });
    expect(summary.closest('[lang="de"]')).toBeTruthy();
    expect(screen.getByText(/^Befund für \d\d\.\d\d\.\d{4} bis \d\d\.\d\d\.\d{4}$/)).toBeTruthy();
    expect(screen.getByText(/^Regelwerk: DE|^Regelwerk: NL/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'PDF downloaden' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ondertekenen en uitgeven' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ondertekenen en uitgeven' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ik bevestig deze verklaring' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Uw functie/ }), 'Beheerder');
    await user.click(within(dialog).getByRole('button', { name: 'Ondertekenen en uitgeven' }));
    await waitFor(() => expect(posted).toEqual([{ ...presetPeriod('lastMonth', localToday()), language: 'de', statement: true, role: 'Beheerder' }]));
  });

  it.each([
    ['nl', 'nl'],
    ['en', 'en'],
    ['de', 'de'],
    ['fr', 'en'],
  ])('a user reading %s gets the report in %s by default', (language, expected) => {
    expect(reportLanguage(language)).toBe(expected);
  });

  it('lists a superseded report with what superseded it and why, marks the one that counts; without the right there is no sign button', async () => {
    const superseded = issuedFixture({
      number: 'LB-2026-0001',
      current: false,
      supersededBy: { number: 'LB-2026-0002', at: '2026-11-27T09:00:00.000Z', by: 'klant@example.com', reason: 'Kalibratie gecorrigeerd' },
    });
    const counting = issuedFixture({ number: 'LB-2026-0002', supersedes: ['LB-2026-0001'] });
    stubApi(LOCATION_BASE, { issued: [counting, superseded], rights: ['dashboard'] });
    renderLocationTab();
    const issuedTable = await screen.findByRole('table', { name: 'Uitgegeven rapporten' });
    expect(within(issuedTable).getByTestId('issued-superseded').textContent).toBe('Vervangen door LB-2026-0002: Kalibratie gecorrigeerd · 27-11-2026 10:00 door klant@example.com');
    expect(within(issuedTable).getAllByTestId('issued-current')).toHaveLength(1);
    expect(within(issuedTable).getByTestId('issued-current').closest('tr')?.textContent).toContain('LB-2026-0002');
    await screen.findByRole('table', { name: 'Samenvatting' });
    expect(screen.queryByRole('button', { name: 'Ondertekenen en uitgeven' })).toBeNull();
  });

  it('a period still running: the preview says until when, and it cannot be signed', async () => {
    stubApi(LOCATION_BASE, { report: () => jsonResponse(200, reportFixture({ judgedUntil: '2026-11-26T10:00:00.000Z' })) });
    renderLocationTab();
    expect((await screen.findByTestId('period-open')).textContent).toBe(
      'Periode loopt nog: cijfers tot 26-11-2026 11:00. Alleen een afgelopen periode kan worden ondertekend en uitgegeven.',
    );
    expect(screen.getByRole('button', { name: 'Ondertekenen en uitgeven' }).hasAttribute('disabled')).toBe(true);
  });

  it("makes a customer's year as a job: its progress shows, the user is told when it is ready, and the PDF comes from the job", async () => {
    const id = '6f1c2b1e-8a3d-4c5e-9f00-000000000001';
    const year = { from: '2025-11-01', to: '2026-10-31' };
    const customerReport = reportFixture({ scope: 'customer', locations: [sectionFixture()] });
    const asked: string[] = [];
    let polls = 0;
    vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      asked.push(`${method} ${url.pathname}${url.search}`);
      if (url.pathname === `${CUSTOMER_BASE}/jobs` && method === 'POST') {
        expect(JSON.parse(String(init?.body))).toEqual(year);
        return jsonResponse(202, { id, status: 'running', done: 0, total: 4, report: null, error: null });
      }
      if (url.pathname === `/api/v1/logbook/jobs/${id}`) {
        polls += 1;
        return polls === 1
          ? jsonResponse(200, { id, status: 'running', done: 2, total: 4, report: null, error: null })
          : jsonResponse(200, { id, status: 'done', done: 4, total: 4, report: customerReport, error: null });
      }
      if (url.pathname === `/api/v1/logbook/jobs/${id}/pdf`) return new Response(new Blob(['%PDF-1.7']), { status: 200, headers: { 'content-type': 'application/pdf' } });
      if (url.pathname === '/api/v1/users/current') return jsonResponse(200, testUser(['dashboard']));
      if (url.pathname === `${CUSTOMER_BASE}/issued`) return jsonResponse(200, []);
      return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'x' });
    });
    renderAt(<LogbookTab customer="Gemeente Utrecht" />, `/?from=${year.from}&to=${year.to}`);
    expect(await screen.findByText(/^Rapport wordt gemaakt: stap 2 van 4/, undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: /^Rapport wordt gemaakt/ }).getAttribute('aria-valuenow')).toBe('50');
    expect(await screen.findByRole('table', { name: 'Locaties' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('Het rapport is klaar')).toBeTruthy();
    // Not asked directly: the job made it.
    expect(asked.filter((call) => call.startsWith(`GET ${CUSTOMER_BASE}?`))).toEqual([]);
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    fireEvent.click(screen.getByRole('button', { name: 'PDF downloaden' }));
    await waitFor(() => expect(asked).toContain(`GET /api/v1/logbook/jobs/${id}/pdf?language=nl`));
  });

  it('shows a customer report as a table of its locations, then one part per location', async () => {
    const customerReport = reportFixture({
      scope: 'customer',
      locations: [
        sectionFixture(),
        sectionFixture({ location: { ...sectionFixture().location, id: 8, name: 'Bibliotheek' }, verdict: 'compliant', channels: [channelFixture({ verdict: 'compliant' })] }),
      ],
    });
    const { periods } = stubApi(CUSTOMER_BASE, { report: () => jsonResponse(200, customerReport) });
    renderAt(<LogbookTab customer="Gemeente Utrecht" />);
    const locations = await screen.findByRole('table', { name: 'Locaties' });
    expect(periods).toHaveLength(1);
    expect(within(locations).getByText('Stadhuis')).toBeTruthy();
    expect(within(locations).getByText('Bibliotheek')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Bibliotheek' })).toBeTruthy();
    // Each location's summary is folded until asked for.
    const summaries = screen.getAllByRole('button', { name: /^Samenvatting \(\d+\)$/ });
    expect(summaries.map((button) => button.getAttribute('aria-expanded'))).toEqual(['false', 'false']);
    await userEvent.setup().click(within(screen.getByRole('region', { name: 'Bibliotheek' })).getByRole('button', { name: 'Samenvatting (1)' }));
    expect(await within(screen.getByRole('region', { name: 'Bibliotheek' })).findByRole('table', { name: 'Samenvatting' })).toBeTruthy();
  });

  it('shows a planned disinfection in the preview: planned or detected, each hot outlet with the minutes it held (not hours)', async () => {
    const outlet = { eui: '70B3D5E75E00A001', nodeName: 'Kraan keuken', channelId: 'temperature1', channelName: 'Warm water keuken', celsius: 60, minutes: 20, max: 60, from: null, to: null };
    const report = reportFixture({
      locations: [
        sectionFixture({
          disinfections: [
            { source: 'planned', from: '2026-10-07T08:00:00.000Z', to: '2026-10-07T08:30:00.000Z', passed: false, note: 'Boiler op 60 °C', outlets: [{ ...outlet, reached: false, heldMinutes: 19.98 }] },
          ],
        }),
      ],
    });
    stubApi(LOCATION_BASE, { report: () => jsonResponse(200, report) });
    renderLocationTab();
    await screen.findByRole('table', { name: 'Samenvatting' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Thermische desinfectie (1)' }));
    // The preview's table (the tab's list of planned disinfections above it has the same name).
    const preview = screen.getByRole('region', { name: /^Voorbeeld/ });
    const table = await within(preview).findByRole('table', { name: 'Thermische desinfectie' });
    const cells = Array.from(within(table).getAllByRole('row')[1].querySelectorAll('td')).map((cell) => cell.textContent);
    expect(cells).toEqual(expect.arrayContaining(['gepland', 'nee', '19,98']));
    expect(cells.join(' ')).not.toContain('uur');
  });

  it('shows how each alarm was dealt with ("niet afgehandeld" when nobody did, who and when, the note apart), every excursion, due dates and settings in words (issue 39)', async () => {
    const report = reportFixture({
      locations: [
        sectionFixture({
          channels: [
            channelFixture({
              hoursThere: 745,
              excursions: [
                { from: '2026-10-20T06:00:00.000Z', to: '2026-10-20T18:00:00.000Z', hours: 12, durationClass: 'underTwoDays' },
                { from: '2026-10-25T00:30:00.000Z', to: '2026-10-25T01:30:00.000Z', hours: 1, durationClass: 'underTwoDays' },
              ],
            }),
          ],
          alarms: [
            { kind: 'lowBattery', eui: '70B3D5E75E00A001', nodeName: 'Kraan keuken', channelId: null, from: '2026-10-03T08:00:00.000Z', to: null, hours: null, handling: null },
            {
              kind: 'temperature',
              eui: '70B3D5E75E00A001',
              nodeName: 'Kraan keuken',
              channelId: 'temperature1',
              from: '2026-10-20T06:00:00.000Z',
              to: '2026-10-20T18:00:00.000Z',
              hours: 12,
              handling: { acknowledgedBy: 'planner@example.com', acknowledgedAt: '2026-10-20T07:00:00.000Z', resolvedBy: 'monteur@example.com', resolvedAt: '2026-10-21T09:30:00.000Z', note: 'Perlator gereinigd' },
            },
          ],
          calibrationStatus: [{ eui: '70B3D5E75E00A001', nodeName: 'Kraan keuken', channelId: 'temperature1', channelName: 'Warm water keuken', lastCalibrated: '2025-06-01T10:00:00.000Z', intervalYears: 1, due: '2026-06-01', overdue: true }],
          changes: [{ at: '2026-10-02T09:00:00.000Z', eui: '70B3D5E75E00A001', nodeName: 'Kraan keuken', kind: 'settings', user: 'monteur@example.com', details: '', settings: [{ setting: 'logInterval', from: 10, to: 15 }] }],
        }),
      ],
    });
    stubApi(LOCATION_BASE, { report: () => jsonResponse(200, report) });
    renderLocationTab();
    const summary = await screen.findByRole('table', { name: 'Samenvatting' });
    const cells = Array.from(summary.querySelectorAll('td')).map((cell) => cell.textContent);
    expect(cells).toContain('36,5\u00A0uur van 745 uur');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Alarmen (2)' }));
    const alarms = await screen.findByRole('table', { name: 'Alarmen' });
    const rows = within(alarms).getAllByRole('row').slice(1).map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent));
    expect(rows[0]).toEqual(expect.arrayContaining(['Batterij bijna leeg', 'niet afgehandeld', '—']));
    expect(rows[1]).toEqual(
      expect.arrayContaining(['Temperatuur langdurig buiten grens', 'Bevestigd: planner@example.com, 20-10-2026 09:00 · Opgelost: monteur@example.com, 21-10-2026 11:30', 'Perlator gereinigd']),
    );
    await user.click(screen.getByRole('button', { name: 'Overschrijdingen van de grens (2)' }));
    const excursions = await screen.findByRole('table', { name: 'Overschrijdingen van de grens' });
    expect(within(excursions).getByText('25-10-2026 02:30 (UTC+02:00)')).toBeTruthy();
    expect(within(excursions).getByText('25-10-2026 02:30 (UTC+01:00)')).toBeTruthy();
    expect(within(excursions).getAllByText('korter dan 2 dagen')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: /^Kalibratiestatus per kanaal/ }));
    expect(within(await screen.findByRole('table', { name: 'Kalibratiestatus per kanaal' })).getByText('01-06-2026')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Wijzigingen/ }));
    const changes = await screen.findByRole('table', { name: 'Wijzigingen' });
    expect(Array.from(changes.querySelectorAll('td')).map((cell) => cell.textContent)).toContain('Loginterval: 10\u00A0min → 15\u00A0min');
  });
});
