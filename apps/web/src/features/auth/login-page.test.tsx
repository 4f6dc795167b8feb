import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { issuesToFields, ZLoginForm } from '@aquasmart/domain';
import { jsonResponse, renderRoutes } from '../../test/render';
import { REDIRECT_STORAGE_KEY, TOKEN_STORAGE_KEY } from '../../lib/session/token-storage';
import { basicCredentials, loginFailureKey } from './api/auth-api';
import { HttpError } from '../../lib/http/http-error';
import { LoginPage } from './login-page';

function renderLogin() {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <p>Home</p> },
      { path: '/start', element: <p>Startpagina</p> },
      { path: '/locations', element: <p>Locatielijst</p> },
    ],
    '/login',
  );
}

const SSO_PROVIDERS = '/api/v1/auth/sso/providers';

/**
 * window.fetch stubbed: the single sign-on providers /login asks for on arrival (tested in
 * use-single-sign-on.test.tsx) are none, and stay out of the returned mock's calls; every other request
 * gets the given answers in turn (one answer: for every request). Not vi.mock of the hook: the web
 * project runs without isolation, and a module loaded by an earlier file is not mocked again.
 */
function stubFetch(...responses: Response[]) {
  const sent = vi.fn<typeof window.fetch>();
  if (responses.length === 1) sent.mockResolvedValue(responses[0]);
  else for (const response of responses) sent.mockResolvedValueOnce(response);
  vi.spyOn(window, 'fetch').mockImplementation((input, init) => (String(input) === SSO_PROVIDERS ? Promise.resolve(jsonResponse(200, [])) : sent(input, init)));
  return sent;
}

beforeEach(() => {
  stubFetch();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the login form rules (ZLoginForm)', () => {
  it.each([
    [{ email: '', password: '' }, { email: 'validation.required', password: 'validation.required' }],
    [{ email: 'jan@', password: 'x' }, { email: 'validation.email' }],
    [{ email: 'jan@example', password: 'x' }, { email: 'validation.email' }],
    [{ email: '   ', password: 'x' }, { email: 'validation.required' }],
    [{ email: '  jan@example.com ', password: 'x' }, {}],
    [{ email: 'jan@example.com', password: '' }, { password: 'validation.required' }],
  ])('%j gives %j', (input, errors) => {
    const result = ZLoginForm.safeParse(input);
    expect(issuesToFields(result.error?.issues ?? [])).toEqual(errors);
  });

  it('trims the e-mail address', () => {
    expect(ZLoginForm.parse({ email: '  jan@example.com ', password: ' p ' })).toEqual({ email: 'jan@example.com', password: ' p ' });
  });
});

describe('basicCredentials', () => {
  it.each([
    ['admin@example.com', 'Welkom-admin-2026'],
    ['a@b.nl', 'wachtwoord:met:dubbelepunt'],
    ['a@b.nl', 'één€ ✓'],
  ])('%s / %s is Basic base64(utf-8 email:password)', (email, password) => {
    const header = basicCredentials(email, password);
    expect(header.startsWith('Basic ')).toBe(true);
    const bytes = Uint8Array.from(atob(header.slice(6)), (char) => char.charCodeAt(0));
    expect(new TextDecoder().decode(bytes)).toBe(`${email}:${password}`);
  });
});

describe('loginFailureKey', () => {
  it.each([
    [new HttpError(401, 'POST', '/api/v1/auth', { statusCode: 401, error: 'Unauthorized', message: 'x', key: 'errors.unauthorized' }), 'errors.invalidCredentials'],
    [new HttpError(429, 'POST', '/api/v1/auth', null), 'errors.tooManyAttempts'],
    [new HttpError(403, 'POST', '/api/v1/auth', { statusCode: 403, error: 'Forbidden', message: 'x', key: 'errors.ssoRequired' }), 'errors.ssoRequired'],
    [new HttpError(403, 'POST', '/api/v1/auth', { statusCode: 403, error: 'Forbidden', message: 'x', key: 'errors.forbidden' }), 'login.failed'],
    [new HttpError(0, 'POST', '/api/v1/auth', null), 'errors.unavailable'],
    [new HttpError(500, 'POST', '/api/v1/auth', null), 'login.failed'],
    [new Error('x'), 'login.failed'],
  ])('%s -> %s', (error, key) => {
    expect(loginFailureKey(error)).toBe(key);
  });
});

describe('LoginPage', () => {
  it('requires e-mail and password with the shared Dutch message', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubFetch();
    renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Inloggen' }));
    expect(await screen.findAllByText('Veld is verplicht')).toHaveLength(2);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('checks the e-mail format', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.type(await screen.findByRole('textbox', { name: /E-mailadres/ }), 'jan@');
    await user.type(screen.getByLabelText(/Wachtwoord/), 'geheim');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByText('Ongeldig e-mailadres')).toBeTruthy();
  });

  it('shows the invalid-credentials alert on 401 and stays on /login', async () => {
    const user = userEvent.setup();
    stubFetch(jsonResponse(401, { statusCode: 401, error: 'Unauthorized', message: 'Invalid', key: 'errors.invalidCredentials' }));
    const { router } = renderLogin();
    await user.type(await screen.findByRole('textbox', { name: /E-mailadres/ }), 'admin@example.com');
    await user.type(screen.getByLabelText(/Wachtwoord/), 'fout');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ongeldig e-mailadres of wachtwoord.');
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('shows the too-many-attempts text on 429', async () => {
    const user = userEvent.setup();
    stubFetch(jsonResponse(429, { statusCode: 429, error: 'Too Many Requests', message: 'x', key: 'errors.tooManyAttempts' }));
    renderLogin();
    await user.type(await screen.findByRole('textbox', { name: /E-mailadres/ }), 'admin@example.com');
    await user.type(screen.getByLabelText(/Wachtwoord/), 'fout');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Te veel pogingen, probeer het over enkele minuten opnieuw');
  });

  it('says to use single sign-on when the address\'s organisation signs in only through it (403 errors.ssoRequired)', async () => {
    const user = userEvent.setup();
    stubFetch(jsonResponse(403, { statusCode: 403, error: 'Forbidden', message: 'x', key: 'errors.ssoRequired' }));
    const { router } = renderLogin();
    await user.type(await screen.findByRole('textbox', { name: /E-mailadres/ }), 'piet@gemeente.nl');
    await user.type(screen.getByLabelText(/Wachtwoord/), 'geheim');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Uw organisatie laat u alleen inloggen via single sign-on. Gebruik de knop van uw organisatie hieronder.');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends the trimmed e-mail as Basic credentials, stores the token and opens the remembered path', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem(REDIRECT_STORAGE_KEY, '/locations?page=2');
    const fetchSpy = stubFetch(jsonResponse(200, { token: 'new-token' }));
    const { router } = renderLogin();
    await user.type(await screen.findByRole('textbox', { name: /E-mailadres/ }), '  admin@example.com  ');
    await user.type(screen.getByLabelText(/Wachtwoord/), 'Welkom-admin-2026');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByText('Locatielijst')).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/locations?page=2');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('new-token');
    expect(window.localStorage.getItem(REDIRECT_STORAGE_KEY)).toBeNull();
    const [url, init] = fetchSpy.mock.calls[0];
    expect(url).toBe('/api/v1/auth');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).authorization).toBe(basicCredentials('admin@example.com', 'Welkom-admin-2026'));
  });

  it('asks for the code of two-factor sign-in after the password, then signs in with it (or a recovery code)', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubFetch(
      jsonResponse(200, { twoFactor: 'code', challenge: 'de-uitdaging', expiresAt: '2030-01-01T00:00:00.000Z' }),
      jsonResponse(400, { statusCode: 400, error: 'Bad Request', message: 'x', key: 'errors.twoFactorCodeInvalid', fields: { recoveryCode: 'errors.twoFactorCodeInvalid' } }),
      jsonResponse(200, { token: 'two-factor-token' }),
    );
    renderLogin();
    await user.type(await screen.findByRole('textbox', { name: /E-mailadres/ }), 'admin@example.com');
    await user.type(screen.getByLabelText(/Wachtwoord/), 'Welkom-admin-2026');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    const code = await screen.findByRole('textbox', { name: /^Code/ });
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Een herstelcode gebruiken' }));
    await user.type(await screen.findByRole('textbox', { name: /Herstelcode/ }), 'ABCDE-FGHJK');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByText('Deze code klopt niet of is al gebruikt.')).toBeTruthy();
    expect(JSON.parse(fetchSpy.mock.calls[1][1]?.body as string)).toEqual({ challenge: 'de-uitdaging', recoveryCode: 'ABCDE-FGHJK' });
    await user.click(screen.getByRole('button', { name: 'Een code uit de app gebruiken' }));
    await user.type(await screen.findByRole('textbox', { name: /^Code/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByText('Startpagina')).toBeTruthy();
    expect(fetchSpy.mock.calls[2][0]).toBe('/api/v1/auth/twoFactor');
    expect(JSON.parse(fetchSpy.mock.calls[2][1]?.body as string)).toEqual({ challenge: 'de-uitdaging', code: '123456' });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('two-factor-token');
  });

  it.each([
    ['nothing was remembered', null],
    ['the bare / was remembered', '/'],
  ])("asks / for the user's start page after login when %s", async (_case, remembered) => {
    const user = userEvent.setup();
    stubFetch(jsonResponse(200, { token: 't' }));
    if (remembered) window.localStorage.setItem(REDIRECT_STORAGE_KEY, remembered);
    const { router } = renderLogin();
    await user.type(await screen.findByRole('textbox', { name: /E-mailadres/ }), 'admin@example.com');
    await user.type(screen.getByLabelText(/Wachtwoord/), 'x');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByText('Startpagina')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/start');
  });

  it('sends a visitor with a stored token straight to /', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'stored');
    const { router } = renderLogin();
    expect(await screen.findByText('Home')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('switches the language of the page', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(await screen.findByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });
});

describe('LoginPage focus handling', () => {
  it('does not validate on blur (a language click must not move the page)', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(await screen.findByRole('textbox', { name: /E-mailadres/ }));
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(screen.queryByText('Field is required')).toBeNull();
    expect(screen.queryByText('Veld is verplicht')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
  });
});

describe('LoginPage form behaviour (without a form library)', () => {
  it('focuses the first failing field and checks a field again as it changes after a submit', async () => {
    const user = userEvent.setup();
    renderLogin();
    const email = await screen.findByRole('textbox', { name: /E-mailadres/ });
    await user.type(screen.getByLabelText(/Wachtwoord/), 'geheim');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByText('Veld is verplicht')).toBeTruthy();
    expect(document.activeElement).toBe(email);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await user.type(email, 'jan@');
    expect(await screen.findByText('Ongeldig e-mailadres')).toBeTruthy();
    await user.type(email, 'example.com');
    await waitFor(() => expect(screen.queryByText('Ongeldig e-mailadres')).toBeNull());
    expect(email.getAttribute('aria-invalid')).toBe('false');
  });

  it('trims the e-mail address when it loses focus, not the password', async () => {
    const user = userEvent.setup();
    renderLogin();
    const email = await screen.findByRole('textbox', { name: /E-mailadres/ });
    const password = screen.getByLabelText(/Wachtwoord/);
    await user.type(email, '  jan@example.com ');
    await user.type(password, ' p ');
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect((email as HTMLInputElement).value).toBe('jan@example.com');
    expect((password as HTMLInputElement).value).toBe(' p ');
  });
});
