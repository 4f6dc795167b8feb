import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { ALARM_CHANNELS, ALARM_KINDS, emptyRights, RIGHT_FLAGS, type TCurrentUser, type TUserCreate } from '@aquasmart/domain';
import { testUser } from '../../test/users';
import { TOKEN_STORAGE_KEY } from '../../lib/session/token-storage';
import { jsonResponse, renderRoutes } from '../../test/render';
import { UserNewPage } from './user-new-page';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

const ADMIN = testUser([], { type: 'Administrator' });

function stubApi(postAnswer: (body: TUserCreate) => Response, me: TCurrentUser = ADMIN) {
  const posted: TUserCreate[] = [];
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/v1/users/current') return jsonResponse(200, me);
    if (url === '/api/v1/customers?projection=name') return jsonResponse(200, [{ name: 'Zorggroep Rijnmond' }, { name: 'Gemeente Utrecht' }]);
    if (url === '/api/v1/users' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as TUserCreate;
      posted.push(body);
      return postAnswer(body);
    }
    return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'x' });
  });
  return posted;
}

function renderPage() {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
  return renderRoutes(
    [
      { path: '/users/new', element: <UserNewPage /> },
      { path: '/users/:email', element: <LocationProbe /> },
    ],
    '/users/new',
  );
}

// By its label, not by role: a role query works out the name and visibility of every element of the
// form for each call (about 40 calls here); the label is what gives the box its accessible name.
const box = (name: string) => screen.getByLabelText<HTMLInputElement>(name, { exact: true, selector: 'input[type="checkbox"]' });

async function fillRequired(user: ReturnType<typeof userEvent.setup>, confirm = 'geheim-123') {
  await user.type(screen.getByLabelText(/^Voornaam/), 'Jan');
  await user.type(screen.getByLabelText(/^Achternaam/), 'Jansen');
  await user.type(screen.getByLabelText(/^E-mailadres/), 'jan@example.com');
  await user.type(screen.getByLabelText(/^Wachtwoord/), 'geheim-123');
  await user.type(screen.getByLabelText(/^Bevestig wachtwoord/), confirm);
}

afterEach(() => vi.restoreAllMocks());

describe('/users/new', { timeout: 30_000 }, () => {
  it('applies the checkbox rules live: administrator, customers, gatewayManagement', async () => {
    const user = userEvent.setup();
    stubApi(() => jsonResponse(201, {}));
    renderPage();
    // The rights, and per alarm kind its four channels (docs/alarm-notifications.md, "Channels").
    expect(screen.getAllByRole('checkbox')).toHaveLength(RIGHT_FLAGS.length + ALARM_KINDS.length * ALARM_CHANNELS.length);
    await waitFor(() => expect(box('Administrator').disabled).toBe(false));

    await user.click(box('Gatewaybeheer'));
    expect(box('Gateways bekijken').checked).toBe(true);
    expect(box('Gateways bekijken').disabled).toBe(true);
    await user.click(box('Gatewaybeheer'));
    expect(box('Gateways bekijken').disabled).toBe(false);

    await user.click(box('Administrator'));
    for (const name of ['Klant toevoegen', 'Dashboard', 'Producten', 'Gateways bekijken']) {
      expect(box(name).checked).toBe(true);
      expect(box(name).disabled).toBe(true);
    }
    // Off again: the boxes ticked before come back, no more (a new user must not silently get every right).
    await user.click(box('Administrator'));
    expect(box('Producten').disabled).toBe(false);
    expect(box('Producten').checked).toBe(false);
    expect(box('Dashboard').checked).toBe(false);
    expect(box('Gateways bekijken').checked).toBe(true);
    await user.click(box('Producten'));
    expect(box('Producten').checked).toBe(true);

    // Choosing a customer clears and locks the customer-wide flags.
    await user.click(screen.getByRole('combobox', { name: 'Klanten' }));
    await user.click(await screen.findByRole('option', { name: 'Gemeente Utrecht' }));
    for (const name of ['Administrator', 'Klant toevoegen', 'Klant verwijderen', 'Gebruikersbeheer']) {
      expect(box(name).checked).toBe(false);
      expect(box(name).disabled).toBe(true);
    }
    expect(box('Klant bewerken').disabled).toBe(false);
    await user.click(box('Klant bewerken'));
    expect(box('Klant bewerken').checked).toBe(true);
  });

  it('refuses a different confirmation', async () => {
    const user = userEvent.setup();
    const posted = stubApi(() => jsonResponse(201, {}));
    renderPage();
    await fillRequired(user, 'geheim-124');
    await user.click(screen.getByRole('button', { name: 'Aanmaken' }));
    expect(await screen.findByText('Wachtwoorden komen niet overeen')).toBeTruthy();
    expect(posted).toHaveLength(0);
  });

  it('posts the user with normalised rights and opens the detail page', async () => {
    const user = userEvent.setup();
    const posted = stubApi((body) => jsonResponse(201, { ...body, type: null, rights: [], portal: { rights: { ...emptyRights(), ...body.portal.rights } } }));
    renderPage();
    await waitFor(() => expect(box('Administrator').disabled).toBe(false));
    await fillRequired(user);
    await user.click(box('Dashboard'));
    await user.click(screen.getByRole('combobox', { name: 'Waterdetectie' }));
    await user.click(await screen.findByRole('option', { name: 'Direct' }));
    await user.click(screen.getByRole('switch', { name: 'Maandelijks logboek per e-mail' }));
    await user.click(screen.getByRole('button', { name: 'Aanmaken' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/users/jan%40example.com');
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      firstName: 'Jan',
      lastName: 'Jansen',
      email: 'jan@example.com',
      language: 'nl',
      password: 'geheim-123',
      customers: [],
      alarmNotifications: { kinds: { flushAlarm: 'off', waterDetection: 'immediately' }, customers: 'all' },
      logbookEmails: true,
    });
    expect(Object.entries(posted[0].portal.rights).filter(([, value]) => value).map(([flag]) => flag)).toEqual(['dashboard']);
  });

  it('shows userCreateError and puts the server field errors on the fields', async () => {
    const user = userEvent.setup();
    stubApi(() =>
      jsonResponse(409, { statusCode: 409, error: 'Conflict', message: 'taken', key: 'errors.emailTaken', fields: { email: 'errors.emailTaken' } }),
    );
    renderPage();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Aanmaken' }));
    expect(await screen.findByText('Fout bij aanmaken gebruiker')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Nieuwe gebruiker' });
    await waitFor(() => expect(within(form).getByText('Er bestaat al een gebruiker met dit e-mailadres')).toBeTruthy());
  });
  it('a user manager is offered only the rights they hold; a refused save keeps the form with its error', async () => {
    const user = userEvent.setup();
    const manager = testUser(['userManagement', 'settings', 'calibration']);
    stubApi(
      () =>
        jsonResponse(403, {
          statusCode: 403,
          error: 'Forbidden',
          key: 'errors.rightNotHeld',
          message: 'x',
          fields: { 'portal.rights.settings': 'errors.rightNotHeld' },
        }),
      manager,
    );
    renderPage();
    await screen.findByLabelText(/^Voornaam/);
    // Once the signed-in user is known, what they hold is offered.
    await waitFor(() => expect(box('Instellingen').disabled).toBe(false));
    expect(box('Administrator').disabled).toBe(true);
    expect(box('Klant toevoegen').disabled).toBe(true);
    expect(screen.getByText(/Rechten die u zelf niet heeft, kunt u niet geven/)).toBeTruthy();
    await fillRequired(user);
    await user.click(box('Instellingen'));
    await user.click(screen.getByRole('button', { name: 'Aanmaken' }));
    // The refusal shows, and what was typed is still there.
    expect(await screen.findByText(/Fout bij aanmaken gebruiker/)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/^Voornaam/).value).toBe('Jan');
    expect(screen.queryByTestId('location')).toBeNull();
  });
});
