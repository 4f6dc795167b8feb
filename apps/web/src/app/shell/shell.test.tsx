import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type TCurrentUser, type TRightFlag } from '@aquasmart/domain';
import { jsonResponse, renderRoutes } from '../../test/render';
import { setInterceptor } from '../../lib/http/interceptor';
import { createInterceptor } from '../../lib/http/interceptor';
import { clearToken, REDIRECT_STORAGE_KEY, rememberRedirect, TOKEN_STORAGE_KEY } from '../../lib/session/token-storage';
import { i18n } from '../../lib/i18n/i18n';
import { buildRouteObjects } from '../router';
import { ROUTES } from '../route-table';
import { testUser } from '../../test/users';
import type { TLiveState } from '../../lib/events/event-stream';
import { LiveStateContext } from '../../lib/events/live-state';

const ADMIN = testUser([], { type: 'Administrator', firstName: 'Ada', lastName: 'Admin', email: 'admin@example.com' });

type THandler = (method: string, url: string, init?: RequestInit) => Response | undefined;

function stubApi(user: TCurrentUser | number, extra?: THandler) {
  return vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const answer = extra?.(method, url, init);
    if (answer) return answer;
    if (url === '/api/v1/users/current') {
      return typeof user === 'number'
        ? jsonResponse(user, { statusCode: user, error: 'Error', message: 'x', key: user === 401 ? 'errors.unauthorized' : 'errors.internal' })
        : jsonResponse(200, user);
    }
    // The built list screens the shell tests pass through answer empty lists.
    if (method === 'GET' && /^\/api\/v1\/(customers|locations|devices)(\?|$)/.test(url)) return jsonResponse(200, []);
    return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'x' });
  });
}

function renderApp(path: string, options: { token?: string | null; live?: TLiveState } = {}) {
  const token = options.token === undefined ? 'tok' : options.token;
  if (token) window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  // The test's query client (renderRoutes) instead of the app's one that ShellRoot provides; the
  // live stream's state as ShellRoot would give it, when the test names one.
  const loadShell = async () => {
    const { ShellLayout } = await import('./shell-layout');
    const live = options.live;
    if (live === undefined) return ShellLayout;
    return function LiveShell() {
      return (
        <LiveStateContext.Provider value={live}>
          <ShellLayout />
        </LiveStateContext.Provider>
      );
    };
  };
  const view = renderRoutes(buildRouteObjects(ROUTES, loadShell), path);
  setInterceptor(
    createInterceptor({
      navigate: (to, navigateOptions) => void view.router.navigate(to, navigateOptions),
      clearSession: () => {
        clearToken();
        view.queryClient.clear();
      },
      rememberPath: rememberRedirect,
      location: () => view.router.state.location,
    }),
  );
  return view;
}

const here = (router: ReturnType<typeof renderApp>['router']) => router.state.location.pathname + router.state.location.search;

afterEach(() => {
  vi.restoreAllMocks();
  setInterceptor(null);
});

describe('the shell', { timeout: 20_000 }, () => {
  // The first render of the file loads the route table's lazy screens: on a busy 2-core machine
  // that alone once took over 10 s (the render itself is instant), so this one wait is longer.
  it('sends a visitor without a token to /login and remembers the path', { timeout: 40_000 }, async () => {
    stubApi(ADMIN);
    const { router } = renderApp('/locations?page=2', { token: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 30_000 });
    expect(await screen.findByRole('heading', { name: 'Inloggen' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem(REDIRECT_STORAGE_KEY)).toBe('/locations?page=2');
  });

  it('redirects / to /customers with the page title and the footer', async () => {
    stubApi(testUser());
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Klanten' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/customers');
    await waitFor(() => expect(document.title).toBe('Klanten - Aquasmart Portal'));
    expect(screen.getByText('develop-1.0.6')).toBeTruthy();
  });

  it('shows the menu entries the rights allow: a user without rights', async () => {
    stubApi(testUser());
    renderApp('/customers');
    const menu = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    await waitFor(() => expect(within(menu).getAllByRole('link')).toHaveLength(3));
    expect(within(menu).getAllByRole('link').map((link) => link.textContent)).toEqual(['Klanten', 'Locaties', 'Nodes']);
    expect(screen.queryByRole('link', { name: 'Producten' })).toBeNull();
  });

  it.each([
    [['dashboard'], ['Klanten', 'Locaties', 'Nodes', 'Dashboard', 'Alarmen'], false],
    [['editNode'], ['Klanten', 'Locaties', 'Nodes', 'Alarmen'], false],
    [['gatewayView'], ['Klanten', 'Locaties', 'Nodes', 'Gateways'], false],
    [['gatewayManagement', 'userManagement', 'products'], ['Klanten', 'Locaties', 'Nodes', 'Gateways', 'Gebruikers'], true],
  ] as [TRightFlag[], string[], boolean][])('with rights %j shows %j', async (flags, entries, products) => {
    stubApi(testUser(flags));
    renderApp('/customers');
    const menu = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    await waitFor(() => expect(within(menu).getAllByRole('link').map((link) => link.textContent)).toEqual(entries));
    expect(Boolean(screen.queryByRole('link', { name: 'Producten' }))).toBe(products);
  });

  it('shows everything to an administrator', async () => {
    stubApi(ADMIN);
    renderApp('/customers');
    const menu = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    await waitFor(() =>
      expect(within(menu).getAllByRole('link').map((link) => link.textContent)).toEqual([
        'Klanten',
        'Locaties',
        'Nodes',
        'Dashboard',
        'Alarmen',
        'Gateways',
        'Gebruikers',
        'Webhooks',
        'Netwerkservers',
        'Nodes toevoegen',
        'Uitgaande e-mails',
      ]),
    );
    expect(screen.getByRole('link', { name: 'Producten' }).getAttribute('href')).toBe('/products');
  });

  it('sends a user without the right to /404', async () => {
    stubApi(testUser(['dashboard']));
    const { router } = renderApp('/users');
    // The users screen (with the data grid) loads lazily before the guard decides.
    expect(await screen.findByRole('heading', { name: 'Pagina niet gevonden' }, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
    expect(screen.getByRole('link', { name: 'Naar de startpagina' }).getAttribute('href')).toBe('/customers');
  });

  it('sends a calibration list to /404 without calibrationData', async () => {
    stubApi(testUser(['dashboard']));
    const { router } = renderApp('/dashboard/annualCalibrations');
    expect(await screen.findByRole('heading', { name: 'Pagina niet gevonden' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('opens a calibration list with dashboard and calibrationData', async () => {
    stubApi(testUser(['dashboard', 'calibrationData']));
    renderApp('/dashboard/annualCalibrations');
    expect(await screen.findByRole('heading', { name: 'Jaarlijkse kalibraties' })).toBeTruthy();
  });

  it('sends an unknown address to /404', async () => {
    stubApi(testUser());
    const { router } = renderApp('/nothing/here');
    expect(await screen.findByRole('heading', { name: 'Pagina niet gevonden' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('fills :param values into the title and builds the breadcrumbs from the route table', async () => {
    stubApi(testUser());
    renderApp('/nodes/Gemeente%20Utrecht/Stadhuis/0004A30B001C2D3E');
    expect(await screen.findByRole('heading', { name: '0004A30B001C2D3E' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('0004A30B001C2D3E - Aquasmart Portal'));
    const crumbs = screen.getByRole('navigation', { name: 'Kruimelpad' });
    const links = within(crumbs).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Nodes', '/nodes'],
      ['Gemeente Utrecht', '/customers/Gemeente%20Utrecht'],
      ['Stadhuis', '/locations/Gemeente%20Utrecht/Stadhuis'],
    ]);
    expect(within(crumbs).getByText('0004A30B001C2D3E').getAttribute('aria-current')).toBe('page');
  });

  it('the Dashboard entry carries the number of distinct devices with an active overflow detection, asked again on a route change', async () => {
    let asked = 0;
    stubApi(testUser(['dashboard']), (method, url) => {
      if (!url.startsWith('/api/v1/overflowLogs?')) return undefined;
      asked += 1;
      expect(decodeURIComponent(url)).toContain('"lora.state":"Started"');
      // Two logs of one device count once.
      return jsonResponse(200, asked === 1 ? [{ eui: 'A' }, { eui: 'B' }, { eui: 'A' }] : [{ eui: 'A' }]);
    });
    const { router } = renderApp('/customers');
    const menu = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    const entry = await within(menu).findByRole('link', { name: /Dashboard/ });
    await waitFor(() => expect(entry.querySelector('.MuiBadge-badge')?.textContent).toBe('2'));
    await router.navigate('/locations');
    await waitFor(() => expect(entry.querySelector('.MuiBadge-badge')?.textContent).toBe('1'));
    expect(asked).toBeGreaterThanOrEqual(2);
  });

  it('the Alarms entry carries the number of unacknowledged alarms, asked again on a route change', async () => {
    let asked = 0;
    stubApi(testUser(['editNode']), (method, url) => {
      if (url !== '/api/v1/alarms/count') return undefined;
      asked += 1;
      return jsonResponse(200, { unacknowledged: asked === 1 ? 7 : 6 });
    });
    const { router } = renderApp('/customers');
    const menu = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    const entry = await within(menu).findByRole('link', { name: /Alarmen/ });
    await waitFor(() => expect(entry.querySelector('.MuiBadge-badge')?.textContent).toBe('7'));
    await router.navigate('/locations');
    await waitFor(() => expect(entry.querySelector('.MuiBadge-badge')?.textContent).toBe('6'));
  });

  it('no alarm count without a right that sees alarms', async () => {
    const spy = stubApi(testUser(['gatewayView']));
    renderApp('/customers');
    await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(spy.mock.calls.some(([input]) => String(input).includes('/alarms'))).toBe(false);
  });

  it('no overflow request without the dashboard right', async () => {
    const spy = stubApi(testUser(['gatewayView']));
    renderApp('/customers');
    await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(spy.mock.calls.some(([input]) => String(input).includes('/overflowLogs'))).toBe(false);
  });

  it('builds customer dashboard crumbs: customers, the customer (dashboard tab), the list', async () => {
    stubApi(testUser(['dashboard']));
    renderApp('/customers/Gemeente%20Utrecht/dashboard/lowBatteries');
    expect(await screen.findByRole('heading', { name: 'Lage batterijen' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Kruimelpad' });
    expect(within(crumbs).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/customers',
      '/customers/Gemeente%20Utrecht#dashboard',
    ]);
  });

  it('fills an encoded e-mail into the user title', async () => {
    stubApi(testUser(['userManagement']), (method, url) => {
      if (url === '/api/v1/users/jan%40example.com') return jsonResponse(200, testUser());
      if (url === '/api/v1/customers?projection=name') return jsonResponse(200, [{ name: 'Gemeente Utrecht' }]);
      return undefined;
    });
    renderApp('/users/jan%40example.com/edit');
    expect(await screen.findByRole('heading', { name: 'jan@example.com bewerken' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Kruimelpad' });
    expect(within(crumbs).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/users', '/users/jan%40example.com']);
  });

  it('on a 401 clears the token, remembers the path and goes to /login', async () => {
    stubApi(401);
    const { router } = renderApp('/locations?search=Utrecht');
    expect(await screen.findByRole('heading', { name: 'Inloggen' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(window.localStorage.getItem(REDIRECT_STORAGE_KEY)).toBe('/locations?search=Utrecht');
  });

  it("uses the account's language from GET /users/current", async () => {
    stubApi(testUser([], { language: 'en' }));
    renderApp('/customers');
    expect(await screen.findByRole('heading', { name: 'Customers' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Customers - Aquasmart Portal'));
  });

  it('switches language in the user menu (nl, en, fr, de) and saves it in the account (German as English)', async () => {
    const user = userEvent.setup();
    const patches: unknown[] = [];
    stubApi(testUser(), (method, url, init) => {
      if (method !== 'PATCH' || url !== '/api/v1/users/current') return undefined;
      patches.push(JSON.parse(String(init?.body)));
      return jsonResponse(200, testUser([], { language: 'en' }));
    });
    renderApp('/customers');
    await screen.findByRole('heading', { name: 'Klanten' });
    await user.click(screen.getByRole('button', { name: 'Gebruikersmenu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual(['Nederlands', 'English', 'Français (texte en anglais)', 'Deutsch (Text auf Englisch)']);
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Deutsch (Text auf Englisch)' }));
    expect(await screen.findByRole('heading', { name: 'Customers' })).toBeTruthy();
    expect(i18n.language).toBe('de');
    // The page's text is English, and says so to a screen reader.
    expect(document.documentElement.lang).toBe('en');
    await waitFor(() => expect(patches).toEqual([{ language: 'en' }]));
  });

  it('a language the account could not save still changes the screen, and a snackbar says so', async () => {
    const user = userEvent.setup();
    stubApi(testUser(), (method, url) =>
      method === 'PATCH' && url === '/api/v1/users/current' ? jsonResponse(500, { statusCode: 500, error: 'Error', message: 'x', key: 'errors.internal' }) : undefined,
    );
    renderApp('/customers');
    await screen.findByRole('heading', { name: 'Klanten' });
    await user.click(screen.getByRole('button', { name: 'Gebruikersmenu' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Customers' })).toBeTruthy();
    expect(await screen.findByText(/^The language was not saved in your account/)).toBeTruthy();
    expect(i18n.language).toBe('en');
  });

  it.each([
    ['an administrator', ADMIN, '/dashboard'],
    ['a user who sees alarms but not the dashboard', testUser(['editNode']), '/alarms'],
    ['a user without either', testUser(['calibrationData']), '/customers'],
  ] as const)('/start (after login) opens the start page of %s', async (_case, account, path) => {
    stubApi(account);
    const { router } = renderApp('/customers');
    // The visited addresses (the screens' own requests are not stubbed here, and may end on /404).
    const visited: string[] = [];
    router.subscribe((state) => {
      const to = state.navigation.location?.pathname ?? state.location.pathname;
      if (visited.at(-1) !== to) visited.push(to);
    });
    await router.navigate('/start');
    await waitFor(() => expect(visited).toContain(path));
    expect(visited.slice(0, 2)).toEqual(['/start', path]);
  });

  it('logs out: revokes the token on the server, removes token and redirect, goes to /login', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubApi(testUser(), (method, url) => (method === 'DELETE' && url === '/api/v1/auth' ? new Response(null, { status: 204 }) : undefined));
    const { router } = renderApp('/nodes', { token: 'secret-token' });
    await screen.findByRole('heading', { name: 'Nodes' });
    window.localStorage.setItem(REDIRECT_STORAGE_KEY, '/old');
    await user.click(screen.getByRole('button', { name: 'Gebruikersmenu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Uitloggen' }));
    expect(await screen.findByRole('heading', { name: 'Inloggen' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    const call = fetchSpy.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(call?.[0]).toBe('/api/v1/auth');
    expect((call?.[1]?.headers as Record<string, string>)['x-access-token']).toBe('secret-token');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(window.localStorage.getItem(REDIRECT_STORAGE_KEY)).toBeNull();
  });

  it('links the user menu to the own account', async () => {
    const user = userEvent.setup();
    stubApi(testUser());
    renderApp('/customers');
    await screen.findByRole('heading', { name: 'Klanten' });
    await user.click(screen.getByRole('button', { name: 'Gebruikersmenu' }));
    expect((await screen.findByRole('menuitem', { name: 'Mijn account' })).getAttribute('href')).toBe('/users/current');
    expect(screen.getByText('jan@example.com')).toBeTruthy();
  });

  it('shows /unauthorized with Home and a button that goes two pages back', async () => {
    const user = userEvent.setup();
    stubApi(testUser());
    const { router } = renderApp('/locations');
    await screen.findByRole('heading', { name: 'Locaties' });
    await router.navigate('/nodes');
    await router.navigate('/unauthorized');
    expect(await screen.findByRole('heading', { name: 'Onvoldoende rechten' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    await user.click(screen.getByRole('button', { name: 'Terug' }));
    await waitFor(() => expect(here(router)).toBe('/locations'));
  });

  it('while the live stream answers, the badges are not asked again on a route change and no indicator shows', async () => {
    let alarms = 0;
    let overflow = 0;
    stubApi(testUser(['dashboard', 'editNode']), (method, url) => {
      if (url === '/api/v1/alarms/count') {
        alarms += 1;
        return jsonResponse(200, { unacknowledged: 3 });
      }
      if (url.startsWith('/api/v1/overflowLogs?')) {
        overflow += 1;
        return jsonResponse(200, [{ eui: 'A' }]);
      }
      return undefined;
    });
    const { router } = renderApp('/customers', { live: 'live' });
    const menu = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    const entry = await within(menu).findByRole('link', { name: /Alarmen/ });
    await waitFor(() => expect(entry.querySelector('.MuiBadge-badge')?.textContent).toBe('3'));
    await router.navigate('/locations');
    await router.navigate('/customers');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([alarms, overflow]).toEqual([1, 1]);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it.each([
    ['nl', 'Live-updates onderbroken; gegevens kunnen verouderd zijn'],
    ['en', 'Live updates interrupted; data may be out of date'],
  ])('shows in %s that the live stream is down, as a status', async (language, sentence) => {
    await i18n.changeLanguage(language);
    stubApi(testUser());
    renderApp('/customers', { live: 'down' });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain(sentence));
  });

  it('a stream still connecting shows the indicator only after a few seconds', async () => {
    stubApi(testUser());
    renderApp('/customers', { live: 'connecting' });
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('');
    await waitFor(() => expect(status.textContent).toContain('Live-updates onderbroken'), { timeout: 8000 });
  });

  it('no indicator where no stream runs', async () => {
    stubApi(testUser());
    renderApp('/customers');
    await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
