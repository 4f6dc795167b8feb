import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { type TCurrentUser, type TLocationCreate } from '@aquasmart/domain';
import { jsonResponse, renderRoutes } from '../../test/render';
import { TOKEN_STORAGE_KEY } from '../../lib/session/token-storage';
import { LocationNewPage } from './location-new-page';
import { testUser } from '../../test/users';

const CUSTOMERS = [
  { name: 'Gemeente Utrecht', calibration: { interval: 1 }, rulebook: null, country: 'Nederland' },
  { name: 'Sportfondsen Oost', calibration: { interval: 3 }, rulebook: null, country: 'Nederland' },
  { name: 'NHS Trust Leeds', calibration: { interval: 1 }, rulebook: null, country: 'United Kingdom' },
  { name: 'Klinikum Köln', calibration: { interval: 1 }, rulebook: 'UK', country: 'Deutschland' },
];

function stubApi(me: TCurrentUser) {
  const posted: TLocationCreate[] = [];
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/v1/users/current') return jsonResponse(200, me);
    if (url.startsWith('/api/v1/customers?')) return jsonResponse(200, CUSTOMERS);
    if (url === '/api/v1/locations' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as TLocationCreate;
      posted.push(body);
      return jsonResponse(201, {
        ...body,
        calibration: body.calibration ?? { interval: 1 },
        endpoint: { platform: null },
        notes: null,
        sync: -1,
        online: 0,
        channels: 0,
        nodes: 0,
        rulebook: body.rulebook ?? null,
        healthcare: body.healthcare ?? false,
        timeZone: body.timeZone ?? 'Europe/Amsterdam',
      });
    }
    return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'x' });
  });
  return posted;
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function renderPage(path: string) {
  return renderRoutes(
    [
      { path: '/locations/new', element: <LocationNewPage /> },
      { path: '/locations/:customer/:location', element: <LocationProbe /> },
    ],
    path,
  );
}

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Naam/), 'Sporthal Noord');
  await user.type(screen.getByLabelText(/^Referentie/), 'SH-1');
  await user.type(screen.getByLabelText(/^Adres/), 'Noordweg 1');
  await user.type(screen.getByLabelText(/^Postcode/), '1234 AB');
  await user.type(screen.getByLabelText(/^Plaats/), 'Enschede');
}

beforeEach(() => window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token'));
afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('/locations/new', { timeout: 30_000 }, () => {
  it("takes the ?customer and its interval, also for a user who does not see the interval", async () => {
    const user = userEvent.setup();
    const posted = stubApi(testUser(['addLocation']));
    renderPage('/locations/new?customer=Sportfondsen%20Oost');
    expect(await screen.findByRole('combobox', { name: /^Klant/ })).toHaveProperty('textContent', 'Sportfondsen Oost');
    expect(screen.queryByRole('combobox', { name: /^Kalibratie-interval/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /^Extern platform/ })).toBeNull();
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Aanmaken' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/locations/Sportfondsen%20Oost/Sporthal%20Noord'));
    expect(posted).toEqual([
      {
        name: 'Sporthal Noord',
        customer: 'Sportfondsen Oost',
        reference: 'SH-1',
        address: 'Noordweg 1',
        postalCode: '1234 AB',
        city: 'Enschede',
        country: 'Nederland',
        calibration: { interval: 3 },
        rulebook: null,
        healthcare: false,
        timeZone: 'Europe/Amsterdam',
        responsible: null,
        deputy: null,
      },
    ]);
  });

  it.each([
    ['Sportfondsen Oost', 'Zoals klant (NL)'],
    ['NHS Trust Leeds', 'Zoals klant (UK)'],
    ['Klinikum Köln', 'Zoals klant (UK)'],
  ])('the rulebook default of a location at %s reads %j', async (customer, label) => {
    stubApi(testUser(['addLocation']));
    renderPage(`/locations/new?customer=${encodeURIComponent(customer)}`);
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Regelset/ }).textContent).toBe(label));
  });

  it('sends the chosen rulebook, healthcare premises and time zone', async () => {
    const user = userEvent.setup();
    const posted = stubApi(testUser(['addLocation']));
    renderPage('/locations/new?customer=NHS%20Trust%20Leeds');
    await user.click(await screen.findByRole('combobox', { name: /^Regelset/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Zoals klant (UK)',
      'NL – Regeling legionellapreventie',
      'UK – HSG274',
      'DE – TrinkwV / DVGW W 551',
    ]);
    await user.click(screen.getByRole('option', { name: 'DE – TrinkwV / DVGW W 551' }));
    await user.click(screen.getByRole('combobox', { name: /^Tijdzone/ }));
    await user.click(await screen.findByRole('option', { name: 'Europe/London' }));
    const healthcare = screen.getByRole('checkbox', { name: 'Zorginstelling' });
    expect(document.getElementById(healthcare.getAttribute('aria-describedby')!)?.textContent).toMatch(/55 °C/);
    await user.click(healthcare);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Aanmaken' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ rulebook: 'DE', healthcare: true, timeZone: 'Europe/London' });
  });

  it('an administrator sees the interval follow the chosen customer', async () => {
    const user = userEvent.setup();
    stubApi(testUser([], { type: 'Administrator' }));
    renderPage('/locations/new?customer=Sportfondsen%20Oost');
    const interval = await screen.findByRole('combobox', { name: /^Kalibratie-interval/ });
    expect(interval.textContent).toBe('3 jaar');
    await user.click(screen.getByRole('combobox', { name: /^Klant/ }));
    await user.click(await screen.findByRole('option', { name: 'Gemeente Utrecht' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Kalibratie-interval/ }).textContent).toBe('1 jaar'));
  });

  it('shows the Dutch required messages and sends nothing', async () => {
    const user = userEvent.setup();
    const posted = stubApi(testUser(['addLocation']));
    renderPage('/locations/new');
    await user.click(await screen.findByRole('button', { name: 'Aanmaken' }));
    // name, customer, reference, address, postal code, city (country is filled in).
    expect(await screen.findAllByText('Veld is verplicht')).toHaveLength(6);
    expect(posted).toHaveLength(0);
  });
});
