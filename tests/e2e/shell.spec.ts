import { appStarted } from './support/app-start';
import { expect, test } from './support/fixtures';

test('an unknown path shows Page Not Found and Go Home leads home', async ({ page }) => {
  const response = await page.goto('/this-page-does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the mobile menu opens and closes, and the chat button opens a pre-filled chat', async ({ page }) => {
  await page.goto('/nowhere');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.click();
  const menu = page.locator('#mobile-menu');
  await expect(menu.getByRole('link', { name: 'Collections' })).toBeVisible();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toBeHidden();

  const chat = page.getByRole('link', { name: 'Chat with us on WhatsApp about return gifts' });
  await expect(chat).toHaveAttribute('href', /^https:\/\/wa\.me\/91\d{10}\?text=.*return%20gifts/);
  await expect(page.getByRole('link', { name: /hello@utsavgifts\.in/ })).toHaveAttribute(
    'href',
    'mailto:hello@utsavgifts.in',
  );
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: '@utsavgifts', exact: true }),
  ).toHaveAttribute('href', 'https://www.instagram.com/utsavgifts/');
});

test('the bottom navigation is hidden on checkout, payment and product pages', async ({
  page,
  newShopper,
}) => {
  await page.goto('/nowhere');
  await expect(page.getByRole('navigation', { name: 'Bottom' })).toBeVisible();
  // A guest is sent from /payment to /login (SPEC 4), so the payment page is visited signed in.
  await newShopper('Nav Tester', { address: false, on: page });

  for (const path of ['/checkout', '/payment', '/product/anything-1']) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page).toHaveURL(/\/(checkout|payment|product\/[^/]+)$/);
    await expect(page.getByRole('navigation', { name: 'Bottom' })).toHaveCount(0);
  }
});

test('a new page opens at the top, whatever the scroll position of the last one', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const footerLink = page
    .getByRole('navigation', { name: 'Footer' })
    .getByRole('link', { name: 'Collections' });
  // Scroll restoration is the app's: before it starts, the link is a plain full-page load.
  await appStarted(page);
  await footerLink.scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await footerLink.click();
  await expect(page).toHaveURL(/\/collections$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gift Collections' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('a page that cannot be loaded shows the Unexpected Application Error! screen', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await appStarted(page);
  // The cart page's code never arrives (a dropped connection, a deploy that removed the chunk).
  await page.route('**/assets/cart-page-*.js', (route) => route.abort());
  await page.getByRole('navigation', { name: 'Bottom' }).getByRole('link', { name: /^Cart/ }).click();
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
});

test('every page says payments are simulated, on one line at 360 px and in place from the first paint', async ({
  browser,
  baseURL,
}) => {
  // The journeys run on the built-in sandbox, as a fresh clone does.
  const viewport = { width: 360, height: 740 };
  const withoutScript = await browser.newContext({ baseURL, viewport, javaScriptEnabled: false });
  const firstPaint = await withoutScript.newPage();
  await firstPaint.goto('/');
  await expect(firstPaint.getByRole('note')).toHaveText('Test mode: payments are simulated');
  const headerBefore = await firstPaint.getByRole('banner').boundingBox();
  await withoutScript.close();

  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await page.goto('/');
  await appStarted(page);
  const ribbon = page.getByRole('note');
  await expect(ribbon).toHaveText('Test mode: payments are simulated');
  // The header stays where the server's markup put it: the ribbon's line was there from the start.
  expect((await page.getByRole('banner').boundingBox())?.y).toBe(headerBefore?.y);
  // One line, nothing cut off.
  expect(await ribbon.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  expect((await ribbon.boundingBox())?.height).toBeLessThanOrEqual(24);

  for (const path of ['/cart', '/checkout', '/nowhere']) {
    await page.goto(path);
    await expect(page.getByRole('note')).toHaveText('Test mode: payments are simulated');
  }
  await context.close();
});
