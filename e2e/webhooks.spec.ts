import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect, test, type Page } from './portal';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, pickMenuLanguage, signIn } from './fixtures';

/**
 * Webhooks in the browser (docs/webhooks.md): an administrator adds a subscription for a receiver
 * started here on 127.0.0.1 (allowed by PLATFORM_ALLOWED_ADDRESSES in scripts/e2e-server.mjs), sees
 * the secret once, sends a test that the receiver checks with the standardwebhooks library, and
 * sees it in the delivery log with its status and answer. `SCREENSHOTS=1 SCREENSHOT_DIR=docs/screenshots`
 * writes the screen, the form and the log in Dutch and English at 1280x800 and 390x844.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'webhooks-screenshots');
const STILL = '*, *::before, *::after { transition: none !important; animation: none !important; }';

interface TReceived {
  headers: http.IncomingHttpHeaders;
  body: string;
}

function startReceiver(): Promise<{ url: string; received: TReceived[]; close: () => Promise<void> }> {
  const received: TReceived[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"stored":true}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/aquasmart`,
        received,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.addStyleTag({ content: STILL });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

test('an administrator adds a webhook, sees the secret once, sends a test and sees it in the log', async ({ page }) => {
  const receiver = await startReceiver();
  try {
    await signIn(page, ADMIN, '/customers');
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/\/webhooks$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();

    await page.getByRole('button', { name: 'Toevoegen' }).click();
    const form = page.getByRole('dialog', { name: 'Nieuwe webhook' });
    await form.getByRole('textbox', { name: 'Adres (URL)' }).fill(receiver.url);
    await form.getByRole('textbox', { name: 'Omschrijving' }).fill(`CAFM ${Date.now().toString(36)}`);
    await form.getByRole('checkbox', { name: 'Controle gedaan' }).check();
    await expectNoAxeViolations(page, 'the new webhook form');
    await form.getByRole('button', { name: 'Opslaan' }).click();

    const shown = page.getByRole('dialog', { name: 'Geheim van de webhook' });
    const secret = await shown.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await expectNoAxeViolations(page, 'the secret shown once');
    await shown.getByRole('button', { name: 'Sluiten' }).click();
    await expect(page.getByText(secret)).toHaveCount(0);

    const card = page.getByTestId('webhook').filter({ hasText: receiver.url });
    await expect(card).toContainText('Alle klanten');
    await expect(card).toContainText('Controle gedaan');
    await expect(card).toContainText(secret.slice(0, 10));
    await expectNoAxeViolations(page, 'the webhooks list');

    await card.getByRole('button', { name: `Test versturen: ${receiver.url}` }).click();
    await expect(page.getByText('Testbericht bezorgd (HTTP 200)')).toBeVisible();
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    const payload = new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as { type: string };
    expect(payload.type).toBe('webhook.test');

    await card.getByRole('button', { name: `Bezorglog: ${receiver.url}` }).click();
    const log = page.getByRole('dialog', { name: `Bezorglog van ${receiver.url}` });
    const entry = log.getByTestId('webhook-delivery').first();
    await expect(entry).toContainText('Test');
    await expect(entry).toContainText('Bezorgd');
    await expect(entry).toContainText('200');
    await expect(entry).toContainText('{"stored":true}');
    await expect(entry).toContainText(String(request.headers['webhook-id']));
    await expectNoAxeViolations(page, 'the delivery log');
    await log.getByRole('button', { name: 'Sluiten' }).click();

    // Clean up: delete it, after a confirmation.
    await card.getByRole('button', { name: `Verwijderen: ${receiver.url}` }).click();
    await page.getByRole('dialog', { name: 'Webhook verwijderen?' }).getByRole('button', { name: 'Verwijderen' }).click();
    await expect(card).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});

// The screenshots for docs/screenshots; without SCREENSHOTS no test (docs/testing.md).
for (const title of process.env.SCREENSHOTS ? ['screenshots of the webhooks screen, Dutch and English, desktop and phone'] : []) test(title, async ({ page }) => {
  test.slow();
  const receiver = await startReceiver();
  try {
    await signIn(page, ADMIN, '/webhooks');
    // Two subscriptions, one with a delivered test in its log.
    const add = async (url: string, description: string, types: string[]) => {
      await page.getByRole('button', { name: 'Toevoegen' }).click();
      const form = page.getByRole('dialog', { name: 'Nieuwe webhook' });
      await form.getByRole('textbox', { name: 'Adres (URL)' }).fill(url);
      await form.getByRole('textbox', { name: 'Omschrijving' }).fill(description);
      for (const type of types) await form.getByRole('checkbox', { name: type }).check();
      await form.getByRole('button', { name: 'Opslaan' }).click();
      await page.getByRole('button', { name: 'Sluiten' }).click();
    };
    await add(receiver.url, 'CAFM Planon', ['Labuitslag', 'Controle gedaan']);
    await add('https://bms.example.com/hooks/aquasmart', 'GBS gebouw A', []);
    await page.getByRole('button', { name: `Test versturen: ${receiver.url}` }).click();
    await expect(page.getByText('Testbericht bezorgd (HTTP 200)')).toBeVisible();

    for (const language of ['nl', 'en'] as const) {
      if (language === 'en') await pickMenuLanguage(page, 'English');
      for (const [device, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
        await page.setViewportSize(viewport);
        await page.goto('/webhooks');
        await expect(page.getByText('CAFM Planon')).toBeVisible();
        await shoot(page, `webhooks-${language}-${device}`);
        await page.getByRole('button', { name: `${language === 'nl' ? 'Wijzigen' : 'Edit'}: ${receiver.url}` }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await shoot(page, `webhook-edit-${language}-${device}`, false);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await page.getByRole('button', { name: `${language === 'nl' ? 'Bezorglog' : 'Delivery log'}: ${receiver.url}` }).click();
        await expect(page.getByTestId('webhook-delivery').first()).toBeVisible();
        await shoot(page, `webhook-log-${language}-${device}`, false);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
      }
    }
    await pickMenuLanguage(page, 'Nederlands');
  } finally {
    await receiver.close();
  }
});
