import http from 'node:http';
import { expect, portal, test, type Page } from './portal';
import { ADMIN, signIn } from './fixtures';

/**
 * What a browser receives, as a CDN would serve it: the files a page loads come compressed (the
 * build's brotli and gzip copies), hashed assets may be kept a year, pages are checked again on
 * every visit. The bytes are counted as sent on the wire for `Accept-Encoding: br, gzip` and for
 * `gzip`, for /login (budget: 200 kB of gzipped JavaScript) and for a list screen (/customers).
 */
const LOGIN_BUDGET_KB = 200;
const IMMUTABLE = 'public, max-age=31536000, immutable';

interface TSent {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: number;
}

/** One GET as a browser sends it, counting the bytes of the body as they arrive (not decoded). */
function rawGet(pathname: string, acceptEncoding: string): Promise<TSent> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port: portal().port, path: pathname, headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** The same-origin paths of the documents, scripts and style sheets that loading `url` fetches. */
async function pathsLoadedBy(page: Page, url: string): Promise<string[]> {
  const paths = new Set<string>();
  const onRequest = (request: { url: () => string; resourceType: () => string }) => {
    const address = new URL(request.url());
    if (address.port === String(portal().port) && ['document', 'script', 'stylesheet'].includes(request.resourceType())) paths.add(address.pathname);
  };
  let lastAt = Date.now();
  const onFile = (request: { url: () => string; resourceType: () => string }) => {
    onRequest(request);
    if (['document', 'script', 'stylesheet'].includes(request.resourceType())) lastAt = Date.now();
  };
  page.on('request', onFile);
  await page.goto(url);
  await page.waitForLoadState('load');
  // Not 'networkidle': a signed-in page keeps its live change stream open (docs/events.md). Done when
  // no document, script or style sheet was asked for in a second.
  await expect.poll(() => Date.now() - lastAt, { timeout: 30_000, intervals: [250] }).toBeGreaterThan(1000);
  page.off('request', onFile);
  return [...paths];
}

async function measure(paths: string[]) {
  const totals = { jsBr: 0, jsGzip: 0, jsRaw: 0, allBr: 0, allGzip: 0 };
  for (const pathname of paths) {
    const [br, gzip, plain] = await Promise.all([rawGet(pathname, 'br, gzip'), rawGet(pathname, 'gzip'), rawGet(pathname, 'identity')]);
    for (const sent of [br, gzip, plain]) expect(sent.status, pathname).toBe(200);
    expect(plain.headers['content-encoding'], pathname).toBeUndefined();
    // The build writes no copy that would not be smaller (a few tiny chunks): those go as they are.
    if (plain.bytes > 500) {
      expect(br.headers['content-encoding'], pathname).toBe('br');
      expect(gzip.headers['content-encoding'], pathname).toBe('gzip');
    }
    expect(br.bytes, pathname).toBeLessThanOrEqual(plain.bytes);
    expect(gzip.bytes, pathname).toBeLessThanOrEqual(plain.bytes);
    expect(br.headers.vary, pathname).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control'], pathname).toBe(pathname.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
    if (pathname.endsWith('.js')) {
      totals.jsBr += br.bytes;
      totals.jsGzip += gzip.bytes;
      totals.jsRaw += plain.bytes;
    }
    totals.allBr += br.bytes;
    totals.allGzip += gzip.bytes;
  }
  return totals;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

test.describe('delivery of the web app', () => {
  test('/login: every file compressed and cached as a CDN would, JavaScript within the budget', async ({ page }, testInfo) => {
    const paths = await pathsLoadedBy(page, '/login');
    await expect(page.getByRole('button', { name: /^(Inloggen|Log in)$/ })).toBeVisible();
    expect(paths).toContain('/login');
    expect(paths.filter((pathname) => pathname.endsWith('.js')).length).toBeGreaterThan(1);
    const totals = await measure(paths);
    testInfo.annotations.push({
      type: 'bytes sent',
      description: `/login JavaScript: ${kB(totals.jsBr)} brotli, ${kB(totals.jsGzip)} gzip, ${kB(totals.jsRaw)} uncompressed`,
    });
    console.log(`/login JavaScript sent: ${kB(totals.jsBr)} brotli, ${kB(totals.jsGzip)} gzip, ${kB(totals.jsRaw)} uncompressed`);
    expect(totals.jsGzip / 1000).toBeLessThanOrEqual(LOGIN_BUDGET_KB);
    expect(totals.jsBr).toBeLessThan(totals.jsGzip);
    expect(totals.jsGzip).toBeLessThan(totals.jsRaw / 2);
  });

  test('a list screen (/customers): every file compressed and cached as a CDN would', async ({ page }, testInfo) => {
    await signIn(page, ADMIN);
    // A fresh page load of the list screen, as after a bookmark: the document and every chunk it needs.
    const paths = await pathsLoadedBy(page, '/customers');
    await expect(page.locator('.MuiDataGrid-row').first()).toBeVisible();
    expect(paths).toContain('/customers');
    expect(paths.some((pathname) => /customer-list-page-.*\.js$/.test(pathname))).toBe(true);
    const totals = await measure(paths);
    testInfo.annotations.push({
      type: 'bytes sent',
      description: `/customers JavaScript: ${kB(totals.jsBr)} brotli, ${kB(totals.jsGzip)} gzip, ${kB(totals.jsRaw)} uncompressed`,
    });
    console.log(`/customers JavaScript sent: ${kB(totals.jsBr)} brotli, ${kB(totals.jsGzip)} gzip, ${kB(totals.jsRaw)} uncompressed`);
    expect(totals.jsBr).toBeLessThan(totals.jsGzip);
    expect(totals.jsGzip).toBeLessThan(totals.jsRaw / 2);
  });

  test('the browser itself receives compressed files', async ({ page }) => {
    const encodings: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/assets/') && response.url().endsWith('.js')) encodings.push(response.headers()['content-encoding'] ?? 'none');
    });
    await page.goto('/login');
    await page.waitForLoadState('networkidle');
    expect(encodings.length).toBeGreaterThan(0);
    // Chromium offers brotli to localhost; gzip would still be fine, plain would not.
    for (const encoding of encodings) expect(['br', 'gzip']).toContain(encoding);
  });
});
