import { expect, test, type Browser, type Page } from './portal';
import { ADMIN, apiToken, pickMenuLanguage, type TAccount, TOKEN_KEY, submitLogin, signIn } from './fixtures';
import { expectNoAxeViolations } from './a11y';



/** A unique address per test run, so a rerun against the same server never collides. */
async function shoot(page: Page, name: string): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  await page.waitForTimeout(600);
  await page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage: false });
}

/** `name`-desktop at 1280x800 and `name`-phone at 390x844; the page ends at 1280x800. */
async function shootBoth(page: Page, name: string): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  await shoot(page, `${name}-desktop`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, `${name}-phone`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

function uniqueEmail(name: string): string {
  return `${name}-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}@example.com`;
}



async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Gebruikersmenu|User menu/ }).click();
  await page.getByRole('menuitem', { name: /Uitloggen|Log out/ }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** A second, separate browser session (its own storage) on the same server. */
async function newSession(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'nl-NL' });
  return context.newPage();
}

interface TNewUser extends TAccount {
  firstName: string;
  lastName: string;
  customers?: string[];
  rights?: string[];
}

/** Creates a user through /users/new as the signed-in administrator; ends on the detail page. */
async function createUserThroughScreens(page: Page, user: TNewUser): Promise<void> {
  await page.goto('/users');
  await page.getByRole('link', { name: 'Nieuw' }).click();
  await expect(page).toHaveURL(/\/users\/new$/);
  await page.getByLabel(/^Voornaam/).fill(user.firstName);
  await page.getByLabel(/^Achternaam/).fill(user.lastName);
  await page.getByLabel(/^E-mailadres/).fill(user.email);
  await page.getByLabel(/^Wachtwoord/).fill(user.password);
  await page.getByLabel(/^Bevestig wachtwoord/).fill(user.password);
  for (const customer of user.customers ?? []) {
    await page.getByRole('combobox', { name: 'Klanten' }).click();
    await page.getByRole('option', { name: customer }).click();
  }
  for (const right of user.rights ?? []) {
    await page.getByRole('checkbox', { name: right, exact: true }).check();
  }
  await page.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(page).toHaveURL(`/users/${encodeURIComponent(user.email)}`);
  await expect(page.getByRole('heading', { name: `${user.firstName} ${user.lastName}` })).toBeVisible();
}

test.describe('users', () => {
  test('an administrator creates a customer-restricted user who sees only what the rights allow', async ({ page, browser }) => {
    const user: TNewUser = {
      firstName: 'Rita',
      lastName: 'Beperkt',
      email: uniqueEmail('rita'),
      password: 'Rita-wachtwoord-1',
      customers: ['Gemeente Utrecht'],
      rights: ['Dashboard', 'Node bewerken', 'Gatewaybeheer'],
    };
    await signIn(page, ADMIN);

    // The checkbox rules while creating.
    await page.goto('/users/new');
    const box = (name: string) => page.getByRole('checkbox', { name, exact: true });
    await box('Administrator').check();
    await expect(box('Producten')).toBeChecked();
    await expect(box('Producten')).toBeDisabled();
    await box('Administrator').uncheck();
    await expect(box('Producten')).toBeEnabled();
    await expect(box('Producten')).not.toBeChecked();
    await page.getByLabel(/^Wachtwoord/).fill('geheim-123');
    await page.getByLabel(/^Bevestig wachtwoord/).fill('geheim-124');
    await page.getByRole('button', { name: 'Aanmaken' }).click();
    await expect(page.getByText('Wachtwoorden komen niet overeen')).toBeVisible();
    await expect(page).toHaveURL(/\/users\/new$/);

    await page.goto('/users');
    await page.getByRole('link', { name: 'Nieuw' }).click();
    await page.getByRole('combobox', { name: 'Klanten' }).click();
    await page.getByRole('option', { name: 'Gemeente Utrecht' }).click();
    for (const locked of ['Administrator', 'Klant toevoegen', 'Klant verwijderen', 'Gebruikersbeheer']) {
      await expect(box(locked)).toBeDisabled();
      await expect(box(locked)).not.toBeChecked();
    }
    await box('Gatewaybeheer').check();
    await expect(box('Gateways bekijken')).toBeChecked();
    await expect(box('Gateways bekijken')).toBeDisabled();

    await createUserThroughScreens(page, user);
    await expect(page.getByText('Gebruiker aangemaakt')).toBeVisible();
    await expect(page.getByText('Gemeente Utrecht')).toBeVisible();
    // The detail shows the granted rights as chips.
    const rights = page.getByRole('region', { name: 'Rechten' });
    for (const right of ['Dashboard', 'Node bewerken', 'Gatewaybeheer', 'Gateways bekijken']) {
      await expect(rights.getByText(right, { exact: true })).toBeVisible();
    }
    await expect(rights.getByText('Producten', { exact: true })).toHaveCount(0);

    // The new user signs in (a separate session) and sees only the permitted menu entries.
    const userPage = await newSession(browser);
    await signIn(userPage, user);
    const menu = userPage.getByRole('navigation', { name: 'Hoofdmenu' });
    for (const entry of ['Klanten', 'Locaties', 'Nodes', 'Dashboard', 'Gateways']) {
      await expect(menu.getByRole('link', { name: entry })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Gebruikers' })).toHaveCount(0);
    await expect(userPage.getByRole('link', { name: 'Producten' })).toHaveCount(0);

    // Only their customer: the customers screen is not built yet, so ask the API with the
    // session's own token.
    const token = await userPage.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY);
    const customers = await userPage.request.get('/api/v1/customers?projection=name', { headers: { 'x-access-token': token! } });
    expect(customers.status()).toBe(200);
    expect(((await customers.json()) as { name: string }[]).map((row) => row.name)).toEqual(['Gemeente Utrecht']);

    // Guarded addresses go to /404.
    for (const path of ['/users', '/users/new', `/users/${encodeURIComponent(ADMIN.email)}`, '/products']) {
      await userPage.goto(path);
      await expect(userPage).toHaveURL(/\/404$/);
      await expect(userPage.getByRole('heading', { name: 'Pagina niet gevonden' })).toBeVisible();
    }
    await userPage.context().close();
  });

  test('an API 403 shows /unauthorized: a user loses userManagement while the users list is open', async ({ page, browser }) => {
    const manager: TNewUser = {
      firstName: 'Bert',
      lastName: 'Beheer',
      email: uniqueEmail('bert'),
      password: 'Bert-wachtwoord-1',
      rights: ['Gebruikersbeheer'],
    };
    await signIn(page, ADMIN);
    await createUserThroughScreens(page, manager);

    const managerPage = await newSession(browser);
    await signIn(managerPage, manager);
    await managerPage.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Gebruikers' }).click();
    await expect(managerPage.getByRole('gridcell', { name: manager.email })).toBeVisible();

    // The administrator takes userManagement away through the edit screen.
    await page.getByRole('link', { name: 'Bewerken' }).click();
    await expect(page).toHaveURL(`/users/${encodeURIComponent(manager.email)}/edit`);
    await expect(page.getByLabel(/^Voornaam/)).toHaveValue(manager.firstName);
    await page.getByRole('checkbox', { name: 'Gebruikersbeheer', exact: true }).uncheck();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Gebruiker gewijzigd')).toBeVisible();
    await expect(page).toHaveURL(`/users/${encodeURIComponent(manager.email)}`);
    // The detail lists the granted rights as chips: userManagement is gone.
    await expect(page.getByRole('region', { name: 'Rechten' }).getByText('Gebruikersbeheer')).toHaveCount(0);

    // The manager's open list refreshes: the server answers 403 and the portal shows /unauthorized.
    await managerPage.getByRole('button', { name: 'Vernieuwen' }).click();
    await expect(managerPage).toHaveURL(/\/unauthorized$/);
    await expect(managerPage.getByRole('heading', { name: 'Onvoldoende rechten' })).toBeVisible();
    await managerPage.context().close();
  });

  test('the delete dialog asks for the e-mail: disabled until typed, Esc closes, Enter confirms', async ({ page }) => {
    const doomed: TNewUser = { firstName: 'Dirk', lastName: 'Weg', email: uniqueEmail('dirk'), password: 'Dirk-wachtwoord-1' };
    await signIn(page, ADMIN);

    // One's own account cannot be deleted.
    await page.goto(`/users/${encodeURIComponent(ADMIN.email)}`);
    await expect(page.getByRole('button', { name: 'Verwijderen' })).toBeDisabled();

    await createUserThroughScreens(page, doomed);
    await page.getByRole('button', { name: 'Verwijderen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Gebruiker verwijderen' });
    await expect(dialog).toBeVisible();
    expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(500);
    const confirm = dialog.getByRole('button', { name: 'Verwijderen' });
    const input = dialog.getByRole('textbox', { name: 'E-mailadres ter bevestiging' });
    await expect(confirm).toBeDisabled();
    await input.fill(doomed.email.slice(0, -1));
    await expect(confirm).toBeDisabled();
    await input.press('Enter');
    await expect(dialog).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(`/users/${encodeURIComponent(doomed.email)}`);

    await page.getByRole('button', { name: 'Verwijderen' }).click();
    await expect(input).toHaveValue('');
    await input.fill(doomed.email);
    await expect(confirm).toBeEnabled();
    await input.press('Enter');
    await expect(page.getByText('Gebruiker verwijderd')).toBeVisible();
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByRole('gridcell', { name: 'admin@example.com' })).toBeVisible();
    await expect(page.getByRole('gridcell', { name: doomed.email })).toHaveCount(0);
  });

  test('a user changes their own password on /users/current and signs in with the new one', async ({ page }) => {
    // Four screenshots of the account page when asked for take their time on a slow machine.
    test.slow(Boolean(process.env.SCREENSHOTS));
    const user: TNewUser = { firstName: 'Wim', lastName: 'Wissel', email: uniqueEmail('wim'), password: 'Wim-oud-wachtwoord' };
    const newPassword = 'Wim-nieuw-wachtwoord';
    await signIn(page, ADMIN);
    await createUserThroughScreens(page, user);
    await signOut(page);

    // Opened from the node list: the save goes back there (docs/users.md, Screens).
    await signIn(page, user, '/nodes');
    await page.getByRole('button', { name: 'Gebruikersmenu' }).click();
    await page.getByRole('menuitem', { name: 'Mijn account' }).click();
    await expect(page).toHaveURL(/\/users\/current$/);
    await expect(page.getByLabel(/^E-mailadres/)).toHaveValue(user.email);
    await shootBoth(page, 'account-nl');

    // All three password fields once one is filled.
    await page.getByLabel(/^Nieuw wachtwoord/).fill(newPassword);
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Veld is verplicht')).toHaveCount(2);

    // The confirmation must match.
    await page.getByLabel(/^Huidig wachtwoord/).fill(user.password);
    await page.getByLabel(/^Bevestig wachtwoord/).fill(`${newPassword}!`);
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Wachtwoorden komen niet overeen')).toBeVisible();

    // A wrong current password is refused by POST /auth.
    await page.getByLabel(/^Huidig wachtwoord/).fill('niet-mijn-wachtwoord');
    await page.getByLabel(/^Bevestig wachtwoord/).fill(newPassword);
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Ongeldig wachtwoord.' })).toBeVisible();

    await page.getByLabel(/^Huidig wachtwoord/).fill(user.password);
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Account gewijzigd')).toBeVisible();
    // Back where the user came from; the session goes on with a fresh token.
    await expect(page).toHaveURL(/\/nodes$/);
    await expect(page.getByRole('heading', { name: 'Nodes', level: 1 })).toBeVisible();
    // Opened as the tab's first page, the save goes on to the user's start page (the customers, for a user without rights).
    await page.goto('/users/current');
    await expect(page.getByRole('heading', { name: 'Mijn account' })).toBeVisible();
    await expect(page.getByLabel(/^Nieuw wachtwoord/)).toHaveValue('');

    // A changed language applies at once.
    await page.getByRole('combobox', { name: 'Taal' }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    // The save goes home as above (so the account page's heading may be gone before it is read in
    // English: that raced under load); the menu is English without a reload, and so is the account page.
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Customers' })).toBeVisible();
    await expect(page).toHaveURL(/\/customers$/);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'My account' }).click();
    await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
    await expect(page.getByLabel(/^E-mail address/)).toHaveValue(user.email);
    await shootBoth(page, 'account-en');

    await signOut(page);
    await submitLogin(page, user);
    await expect(page.getByRole('alert').filter({ hasText: /Ongeldig e-mailadres of wachtwoord\.|Invalid e-mail address or password\./ })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await submitLogin(page, { email: user.email, password: newPassword });
    await expect(page).toHaveURL(/\/customers$/);
  });
  test.describe('a user manager on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('is offered only the rights they hold (no Administrator to tick); a refused save keeps the form', async ({ page, browser }) => {
      const manager: TNewUser = {
        firstName: 'Paula',
        lastName: 'Personeel',
        email: uniqueEmail('paula'),
        password: 'Paula-wachtwoord-1',
        rights: ['Gebruikersbeheer', 'Instellingen'],
      };
      const token = await apiToken(page.request, ADMIN);
      const created = await page.request.post('/api/v1/users', {
        headers: { 'x-access-token': token },
        data: {
          firstName: manager.firstName,
          lastName: manager.lastName,
          email: manager.email,
          password: manager.password,
          language: 'nl',
          customers: [],
          portal: { rights: { userManagement: true, settings: true } },
        },
      });
      expect(created.status(), await created.text()).toBe(201);

      const phone = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'nl-NL', viewport: { width: 390, height: 844 } });
      const managerPage = await phone.newPage();
      await signIn(managerPage, manager, '/users/new');
      const box = (name: string) => managerPage.getByRole('checkbox', { name, exact: true });
      await expect(box('Instellingen')).toBeEnabled();
      await expect(box('Administrator')).toBeDisabled();
      await expect(box('Klant toevoegen')).toBeDisabled();
      await expect(managerPage.getByText(/Rechten die u zelf niet heeft, kunt u niet geven/)).toBeVisible();

      // An address that is taken: the server refuses, the form stays with what was typed.
      await managerPage.getByLabel(/^Voornaam/).fill('Mark');
      await managerPage.getByLabel(/^Achternaam/).fill('Dubbel');
      await managerPage.getByLabel(/^E-mailadres/).fill('monteur@example.com');
      await managerPage.getByLabel(/^Wachtwoord/).fill('Dubbel-wachtwoord-1');
      await managerPage.getByLabel(/^Bevestig wachtwoord/).fill('Dubbel-wachtwoord-1');
      await box('Instellingen').check();
      await managerPage.getByRole('button', { name: 'Aanmaken' }).click();
      await expect(managerPage.getByText(/Fout bij aanmaken gebruiker|bestaat al/).first()).toBeVisible();
      await expect(managerPage).toHaveURL(/\/users\/new$/);
      await expect(managerPage.getByLabel(/^Achternaam/)).toHaveValue('Dubbel');
      await expect(box('Instellingen')).toBeChecked();
      await phone.close();
    });
  });

  // Issue 29: ticking Administrator and unticking it gives back what was ticked, no more.
  for (const [device, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    test(`administrator on, then off, restores the rights ticked before (${device})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signIn(page, ADMIN, '/users/new');
      const box = (name: string) => page.getByRole('checkbox', { name, exact: true });
      await box('Dashboard').check();
      await box('Node bewerken').check();
      await box('Administrator').check();
      await expect(box('Instellingen')).toBeChecked();
      await expect(box('Instellingen')).toBeDisabled();
      await box('Administrator').uncheck();
      await expect(box('Dashboard')).toBeChecked();
      await expect(box('Node bewerken')).toBeChecked();
      for (const off of ['Instellingen', 'Producten', 'Node verwijderen', 'Gebruikersbeheer']) {
        await expect(box(off)).not.toBeChecked();
        await expect(box(off)).toBeEnabled();
      }
      await shoot(page, `user-form-nl-${device}`);
      await pickMenuLanguage(page, 'English');
      await expect(page.getByRole('checkbox', { name: 'Dashboard', exact: true })).toBeChecked();
      await shoot(page, `user-form-en-${device}`);
      await pickMenuLanguage(page, 'Nederlands');
    });
  }
});

test.describe('the alarm e-mail choices on the user detail page', () => {
  test('an administrator sees which alarms a user gets, by which channels, the quiet hours and the customers', async ({ page, request }) => {
    test.slow(Boolean(process.env.SCREENSHOTS), 'the screenshots open the edit form four times more');
    const email = `e2e-meldingen-${Date.now().toString(36)}@example.com`;
    const created = await request.post('/api/v1/users', {
      headers: { 'x-access-token': await apiToken(request, ADMIN) },
      data: {
        firstName: 'Meldingen',
        lastName: 'Gebruiker',
        email,
        password: 'E2e-wachtwoord-2026',
        language: 'nl',
        customers: ['Gemeente Utrecht'],
        portal: { rights: { dashboard: true } },
        alarmNotifications: {
          kinds: { flushAlarm: 'immediately', temperature: 'digest' },
          channels: { flushAlarm: ['email', 'teams'] },
          teamsUrl: 'https://example.webhook.office.com/webhookb2/e2e-geheim',
          quietHours: { from: '22:00', to: '06:30' },
          timeZone: 'Europe/Amsterdam',
          customers: ['Gemeente Utrecht'],
        },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    await signIn(page, ADMIN);
    const texts = {
      nl: { kinds: 'Spoelalarm: Direct (e-mail, Teams)', digest: 'Temperatuur buiten de grens: Dagelijks overzicht (e-mail)', quiet: 'Rusttijd: 22:00–06:30 (Europe/Amsterdam)', customers: 'Klanten: Gemeente Utrecht', title: 'Alarmmeldingen' },
      en: { kinds: 'Flush alarm: Immediately (e-mail, Teams)', digest: 'Temperature out of range: Daily digest (e-mail)', quiet: 'Quiet hours: 22:00–06:30 (Europe/Amsterdam)', customers: 'Customers: Gemeente Utrecht', title: 'Alarm notifications' },
    };
    for (const language of ['en', 'nl'] as const) {
      await page.evaluate((chosen) => localStorage.setItem('aquasmart.language', chosen), language);
      for (const device of ['desktop', 'phone'] as const) {
        await page.setViewportSize(device === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 });
        await page.goto(`/users/${encodeURIComponent(email)}`);
        const field = page.getByText(texts[language].kinds);
        await expect(field).toBeVisible();
        await expect(page.getByText(texts[language].digest)).toBeVisible();
        // The Teams address is a secret: the page names the channel, never the address.
        await expect(page.getByText(/e2e-geheim/)).toHaveCount(0);
        await expect(page.getByText(texts[language].quiet)).toBeVisible();
        await expect(page.getByText(texts[language].customers).last()).toBeVisible();
        await field.scrollIntoViewIfNeeded();
        await shoot(page, `user-detail-alarm-notifications-${language}-${device}`);
        if (process.env.SCREENSHOTS) {
          // The edit form at the choices: the quiet hours as time inputs, in this user's words.
          await page.goto(`/users/${encodeURIComponent(email)}/edit`);
          await expect(page.getByRole('heading', { name: texts[language].title })).toBeVisible();
          // The quiet hours near the top, under the app bar (the kinds above them on a desktop).
          const quiet = page.getByRole('switch', { name: language === 'nl' ? 'Rusttijd gebruiken' : 'Use quiet hours' });
          await quiet.evaluate((element, above) => {
            element.scrollIntoView({ block: 'start' });
            window.scrollBy(0, -above);
          }, device === 'phone' ? 120 : 450);
          await shoot(page, `user-edit-alarm-notifications-${language}-${device}`);
        }
      }
    }
    await expectNoAxeViolations(page, 'the user detail page with the alarm e-mail choices');

    // An administrator changes this user's choices: the form speaks of this user, never "uw" or "ik";
    // the quiet hours are time inputs (issue 37).
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/users/${encodeURIComponent(email)}/edit`);
    await expect(page.getByRole('heading', { name: 'Alarmmeldingen' })).toBeVisible();
    await expect(page.getByText(/uw tijdzone|die ik mag zien/)).toHaveCount(0);
    const to = page.getByLabel(/^Tot/);
    await expect(to).toHaveAttribute('type', 'time');
    await expect(to).toHaveValue('06:30');
    await to.fill('07:00');
    await page.getByRole('radio', { name: 'Alle klanten die deze gebruiker mag zien' }).check();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page).toHaveURL(`/users/${encodeURIComponent(email)}`);
    await expect(page.getByText('Rusttijd: 22:00–07:00 (Europe/Amsterdam)')).toBeVisible();
    await expect(page.getByText('Alle klanten die deze gebruiker mag zien')).toBeVisible();
    await expect(page.getByText('Alle klanten die ik mag zien')).toHaveCount(0);
  });
});

