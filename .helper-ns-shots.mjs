import { chromium } from 'playwright';
const BASE = 'http://127.0.0.1:3203';
const OUT = '/tmp/helper-ns-shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
const sizes = [['desktop', 1280, 800], ['phone', 390, 844]];
const screens = (process.argv[2] ?? 'list,new,edit,device,import,intake').split(',');
for (const lang of ['nl', 'en']) {
  for (const [sizeName, width, height] of sizes) {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    await page.goto(`${BASE}/login`);
    await page.evaluate((l) => localStorage.setItem('aquasmart.language', l), lang);
    await page.reload();
    await page.getByRole('textbox', { name: /E-mailadres|E-mail address/ }).fill('admin@example.com');
    await page.getByLabel(/Wachtwoord|Password/).fill('Welkom-admin-2026');
    await page.getByRole('button', { name: /^(Inloggen|Log in)$/ }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const shot = async (name) => { await page.waitForTimeout(900); await page.screenshot({ path: `${OUT}/${name}-${lang}-${sizeName}.png`, fullPage: true }); };
    if (screens.includes('list')) { await page.goto(`${BASE}/networkServers`); await page.getByRole('grid').waitFor(); await shot('list'); }
    if (screens.includes('new')) {
      await page.goto(`${BASE}/networkServers/new`);
      await page.getByRole('form').waitFor();
      await page.getByRole('button', { name: /^(Aanmaken|Create)$/ }).click();
      await shot('new');
    }
    if (screens.includes('edit')) { await page.goto(`${BASE}/networkServers/ChirpStack%20demo/edit`); await page.getByRole('form').waitFor(); await shot('edit'); }
    if (screens.includes('device')) { await page.goto(`${BASE}/provisioning#device`); await page.getByRole('form').waitFor(); await shot('device'); }
    if (screens.includes('import')) {
      await page.goto(`${BASE}/provisioning#import`);
      const box = page.getByRole('textbox', { name: /CSV/ });
      await box.waitFor();
      await box.fill(`eui;type;version;networkServer\n70B3D5E75E00${Math.floor(Math.random()*0xffff).toString(16).padStart(4,'0').toUpperCase()};V2;1.0;ChirpStack demo\nXYZ;V4;1.0;Nope\n0004A30B001C2D3E;V2;1.0;ChirpStack demo`);
      await page.getByRole('button', { name: /^(Importeren|Import)$/ }).click();
      await page.getByRole('table').waitFor();
      await shot('import');
    }
    if (screens.includes('intake')) { await page.goto(`${BASE}/provisioning#intake`); await page.getByRole('grid').waitFor(); await shot('intake'); }
    await context.close();
  }
}
await browser.close();
