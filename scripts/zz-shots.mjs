import { chromium } from 'playwright-core';
const base = process.env.BASE;
const out = '/tmp/shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
async function shoot(name, path, width, token, act) {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 780 : 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  if (token) {
    await page.goto(base + '/');
    await page.evaluate((t) => localStorage.setItem('token', t), token);
  }
  await page.goto(base + path, { waitUntil: 'networkidle' });
  if (act) await act(page);
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
  await context.close();
}
const adminToken = process.env.ADMIN_TOKEN;
for (const width of [360, 1366]) {
  await shoot('register', '/register', width, null, async (p) => p.getByRole('button', { name: /create|register|sign up/i }).first().click());
  await shoot('contact', '/contact', width, null, async (p) => p.getByRole('button', { name: /send|submit/i }).first().click().catch(() => {}));
  await shoot('admin-settings', '/admin/settings', width, adminToken);
  await shoot('admin-product-new', '/admin/products/new', width, adminToken, async (p) => p.getByRole('button', { name: /save|create/i }).first().click().catch(() => {}));
  await shoot('admin-slots', '/admin/delivery-slots', width, adminToken);
}
await browser.close();
