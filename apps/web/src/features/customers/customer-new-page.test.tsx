import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { type TCurrentUser, type TCustomerCreate } from '@aquasmart/domain';
import { jsonResponse, renderRoutes } from '../../test/render';
import { TOKEN_STORAGE_KEY } from '../../lib/session/token-storage';
import { CustomerNewPage } from './customer-new-page';
import { testUser } from '../../test/users';

function stubApi(me: TCurrentUser) {
  const posted: TCustomerCreate[] = [];
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/v1/users/current') return jsonResponse(200, me);
    if (url === '/api/v1/customers' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as TCustomerCreate;
      posted.push(body);
      return jsonResponse(201, {
        ...body,
        calibration: { interval: 2 },
        endpoint: { platform: null },
        notes: null,
        rulebook: body.rulebook ?? null,
        sync: -1,
        online: 0,
        channels: 0,
        nodes: 0,
      });
    }
    return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'x' });
  });
  return posted;
}

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderPage() {
  return renderRoutes(
    [
      { path: '/customers/new', element: <CustomerNewPage /> },
      { path: '/customers/:customer', element: <LocationProbe /> },
    ],
    '/customers/new',
  );
}

beforeEach(() => window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token'));
afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('/customers/new: the logbook rulebook (docs/places.md, "Logbook settings")', { timeout: 30_000 }, () => {
  it('the default follows the country as typed; no healthcare or time zone on a customer', async () => {
    const user = userEvent.setup();
    stubApi(testUser(['addCustomer']));
    renderPage();
    const rulebook = await screen.findByRole('combobox', { name: /^Regelset/ });
    expect(rulebook.textContent).toBe('Volgens land (NL)');
    const country = screen.getByLabelText(/^Land/);
    await user.clear(country);
    await user.type(country, 'United Kingdom');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Regelset/ }).textContent).toBe('Volgens land (UK)'));
    await user.clear(country);
    await user.type(country, 'Deutschland');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Regelset/ }).textContent).toBe('Volgens land (DE)'));
    expect(screen.queryByRole('checkbox', { name: 'Zorginstelling' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /^Tijdzone/ })).toBeNull();
  });

  it.each([
    ['the default', null],
    ['UK – HSG274', 'UK'],
  ])('posts %s as rulebook %j', async (option, expected) => {
    const user = userEvent.setup();
    const posted = stubApi(testUser(['addCustomer']));
    renderPage();
    await user.type(await screen.findByLabelText(/^Naam/), 'Zorggroep Noord');
    await user.type(screen.getByLabelText(/^Referentie/), 'ZN-1');
    await user.type(screen.getByLabelText(/^Adres/), 'Noordweg 1');
    await user.type(screen.getByLabelText(/^Postcode/), '1234 AB');
    await user.type(screen.getByLabelText(/^Plaats/), 'Groningen');
    if (expected) {
      await user.click(screen.getByRole('combobox', { name: /^Regelset/ }));
      await user.click(await screen.findByRole('option', { name: option }));
    }
    await user.click(screen.getByRole('button', { name: 'Aanmaken' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ name: 'Zorggroep Noord', rulebook: expected });
    expect(posted[0]).not.toHaveProperty('timeZone');
  });
});
