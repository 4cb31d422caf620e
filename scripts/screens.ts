// `npm run screens`: 360 px screenshots of the storefront for reviewers who do not run it:
// home, listing, a product, the cart, checkout (a signed-in shopper with items and an address) and
// every policy page, written to docs/screens/ as PNG. It starts the built store (building what is
// stale) on a temporary data folder with the demo catalogue, and removes the folder afterwards.
//
//   npm run screens
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
import { policyPageList } from '../src/shared/policy-pages';
import { assertChromiumInstalled, chromePath, chromiumFlags } from './chromium';
import { root, startInstance, stopInstance } from './store-process';

const outDir = path.join(root, 'docs', 'screens');
const WIDTH = 360;
// A whole page at 360 px can be several screens long; the first few tell a reviewer enough and
// keep each file small.
const MAX_HEIGHT = 2400;
const PHONE_HEIGHT = 780;

/** A shopper registered through the API with a default address in Bengaluru; their token. */
async function shopperToken(baseUrl: string): Promise<string> {
  const stamp = Date.now();
  const registered = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `screens.${stamp}@example.com`,
      password: 'diwali-2031',
      username: `screens${stamp}`,
      fullName: 'Meera Iyer',
      adult: true,
    }),
  });
  if (registered.status !== 201)
    throw new Error(`Registering the shopper failed: ${await registered.text()}`);
  const { token } = (await registered.json()) as { token: string };
  const address = await fetch(`${baseUrl}/api/addresses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      fullName: 'Meera Iyer',
      addressLine1: 'Flat 302, Sai Residency, 5th Main Road, Koramangala 4th Block',
      city: 'Bengaluru',
      postalCode: '560034',
      phone: '9845012345',
      isDefault: true,
    }),
  });
  if (address.status !== 201) throw new Error(`Saving the address failed: ${await address.text()}`);
  return token;
}

/** Waits until the app has taken over a server-rendered page (tests/e2e/support/app-start.ts). */
async function settled(page: Page) {
  await page
    .locator('fieldset.server-rendered[disabled]')
    .waitFor({ state: 'detached' })
    .catch(() => {});
  await page.waitForLoadState('networkidle');
}

/**
 * The page as a phone as tall as the page (at most MAX_HEIGHT) shows it, so that the fixed bars sit
 * at its bottom rather than across its middle; stored as a 256-colour PNG, a third of the size.
 */
async function shoot(page: Page, name: string) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: WIDTH, height: Math.min(height, MAX_HEIGHT) });
  // Parts that load as they come near the window (reviews) start now: give them their request.
  await page.waitForTimeout(1000);
  await page.waitForLoadState('networkidle');
  // Pictures below the first screen load as they come near it: now, in the taller window.
  await page.waitForFunction(() =>
    [...document.images]
      // In the window: a gallery's other pictures (beside it, in a scroller) load when swiped to.
      .filter((image) => {
        const box = image.getBoundingClientRect();
        return box.width > 0 && box.top < window.innerHeight && box.left < window.innerWidth && box.right > 0;
      })
      .every((image) => image.complete),
  );
  const file = path.join(outDir, `${name}.png`);
  const shot = await page.screenshot({ animations: 'disabled' });
  await sharp(shot).png({ palette: true, compressionLevel: 9 }).toFile(file);
  await page.setViewportSize({ width: WIDTH, height: PHONE_HEIGHT });
  console.log(`${path.relative(root, file)} (${Math.round(fs.statSync(file).size / 1024)} KB)`);
}

assertChromiumInstalled();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-screens-'));
const store = await startInstance('screens', { DATA_DIR: dataDir });
const browser = await chromium.launch({ executablePath: chromePath, args: chromiumFlags });
try {
  fs.mkdirSync(outDir, { recursive: true });
  const token = await shopperToken(store.baseUrl);
  const context = await browser.newContext({
    baseURL: store.baseUrl,
    viewport: { width: WIDTH, height: PHONE_HEIGHT },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  const page = await context.newPage();

  await page.goto('/');
  await settled(page);
  await shoot(page, 'home');

  await page.goto('/products');
  await settled(page);
  await shoot(page, 'listing');
  // Two products in the cart, from the listing's own Add buttons.
  const addButtons = page.getByRole('button', { name: /^Add/ });
  await addButtons.nth(0).click();
  await addButtons.nth(1).click();

  const productLink = page.locator('article a[href^="/product/"]').first();
  await page.goto((await productLink.getAttribute('href')) ?? '/products');
  await settled(page);
  await shoot(page, 'product');

  await page.goto('/cart');
  await settled(page);
  await shoot(page, 'cart');

  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Proceed to Payment' }).waitFor();
  await settled(page);
  await shoot(page, 'checkout');

  for (const policy of policyPageList) {
    await page.goto(policy.path);
    await settled(page);
    await shoot(page, policy.path.slice(1).replaceAll('/', '-'));
  }
  await context.close();
} finally {
  await browser.close();
  await stopInstance(store);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
