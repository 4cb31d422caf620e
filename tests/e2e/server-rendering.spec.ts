import type { ConsoleMessage, Page } from '@playwright/test';
import type { ProductList } from '../../src/shared/api/catalog';
import { formatInr } from '../../src/shared/money';
import { productPath } from '../../src/shared/slug';
import { appStarted } from './support/app-start';
import { expect, test } from './support/fixtures';
import { holdChunk, holdRequests } from './support/held-requests';

// /, the listings and a product page arrive rendered from the server, so they paint
// without JavaScript, and the app then takes over without console noise and works.

/** Console warnings and errors, and uncaught errors, from the moment the page opens. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

async function cheapestDiwaliGift(page: Page) {
  const response = await page.request.get('/api/products?category=diwali-gifts&sort=price&order=asc&limit=1');
  const [product] = ((await response.json()) as ProductList).data;
  if (!product) throw new Error('The seeded catalogue has no Diwali gifts');
  return product;
}

test('the landing pages show their products without JavaScript', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  const product = await cheapestDiwaliGift(page);

  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Gifts that make every celebration special' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible();

  await page.goto('/category/diwali-gifts?sort=price_asc');
  await expect(page.getByRole('heading', { level: 1, name: 'Diwali Gifts' })).toBeVisible();
  const firstCard = page.getByRole('list', { name: 'Products' }).getByRole('article').first();
  await expect(firstCard.getByRole('heading')).toHaveText(product.name);
  await expect(firstCard).toContainText(formatInr(product.price));

  await page.goto(productPath(product));
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByText(formatInr(product.price)).first()).toBeVisible();
  await context.close();
});

test('the app takes over the rendered pages quietly: add to cart and filters work', async ({ page }) => {
  const problems = collectProblems(page);
  const product = await cheapestDiwaliGift(page);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible();

  await page.goto(productPath(product));
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

  await page.goto('/category/diwali-gifts?sort=price_asc');
  const cards = page.getByRole('list', { name: 'Products' }).getByRole('article');
  await cards
    .first()
    // A product sold in lots says how many its button adds ('Add 10'), in its name too (WCAG 2.5.3).
    .getByRole('button', {
      name:
        product.minQuantity > 1
          ? `Add ${product.minQuantity} ${product.name} to cart`
          : `Add ${product.name} to cart`,
    })
    .click();
  await expect(
    page.getByRole('link', { name: new RegExp(`^Cart ${product.minQuantity} items? in cart$`) }).first(),
  ).toBeVisible();

  await page.goto('/products');
  const filtersToggle = page.getByRole('button', { name: 'Filters', exact: true });
  await filtersToggle.click();
  await expect(filtersToggle).toHaveAttribute('aria-expanded', 'true');
  await page.getByLabel('Max Price').fill('300');
  await expect(page).toHaveURL(/\/products\?maxPrice=300$/);
  await expect
    .poll(async () => {
      const prices = (await cards.allInnerTexts()).map((text) =>
        Number((text.match(/₹([\d,]+)/)?.[1] ?? 'NaN').replaceAll(',', '')),
      );
      return prices.length > 0 && prices.every((price) => price <= 300);
    })
    .toBe(true);

  expect(problems).toEqual([]);
});

test("a signed-in shopper's cart and session arrive while the footer's code is held back: nothing complains, the rendered footer stays and works once it comes", async ({
  page,
  newShopper,
}) => {
  const problems = collectProblems(page);
  const product = await cheapestDiwaliGift(page);
  await newShopper('Kavya Rao', { on: page, address: false });
  await page.goto('/category/diwali-gifts?sort=price_asc');
  await appStarted(page);
  await page
    .getByRole('list', { name: 'Products' })
    .getByRole('article')
    .first()
    .getByRole('button', { name: new RegExp(`^Add (\\d+ )?${product.name} to cart$`) })
    .click();

  // The footer hydrates once its code arrives; here it comes after everything else.
  const footerCode = await holdChunk(page, 'site-footer');
  await page.goto('/');
  await appStarted(page);
  const bottomNav = page.getByRole('navigation', { name: 'Bottom' });
  await expect(bottomNav.getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(bottomNav.getByRole('link', { name: /^\d+ items? in cart Cart$/ })).toBeVisible();
  const policies = page.getByRole('navigation', { name: 'Policies' });
  await expect(policies.getByRole('link', { name: 'Shipping and delivery' })).toBeVisible();
  // React asks for the footer's code when it comes to hydrate it, after the rest of the page.
  await expect.poll(footerCode.requested).toBe(true);
  await expect(policies.getByRole('link', { name: 'Shipping and delivery' })).toBeVisible();

  footerCode.release();
  // Until React has hydrated it, a footer link is a plain link; React marks the nodes it took over.
  await expect
    .poll(() =>
      page
        .getByRole('contentinfo')
        .evaluate((footer) => Object.keys(footer).some((key) => key.startsWith('__reactFiber'))),
    )
    .toBe(true);
  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
  await policies.getByRole('link', { name: 'Shipping and delivery' }).click();
  await expect(page).toHaveURL(/\/policies\/shipping$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping and delivery' })).toBeVisible();
  // The app opened it: the footer's link was the app's, not a plain link loading a new page.
  expect(await page.evaluate(() => 'stillTheSamePage' in window)).toBe(true);
  expect(problems).toEqual([]);
});

test("the server's head stands on the landing page, and the app's takes over from the first navigation", async ({
  page,
}) => {
  const product = await cheapestDiwaliGift(page);
  const head = async () => ({
    titles: await page.locator('head title').count(),
    canonicals: await page
      .locator('head link[rel="canonical"]')
      .evaluateAll((links) => links.map((link) => new URL(link.getAttribute('href') ?? '').pathname)),
    fromServer: await page.locator('head [data-server-head]').count(),
  });

  await page.goto(productPath(product));
  await appStarted(page);
  await expect(page).toHaveTitle(`${product.name} | Utsav Gifts`);
  expect(await head()).toMatchObject({ titles: 1, canonicals: [productPath(product)] });
  expect((await head()).fromServer).toBeGreaterThan(0);

  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'Diwali Gifts' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Diwali Gifts' })).toBeVisible();
  await expect(page).toHaveTitle('Diwali Gifts | Utsav Gifts');
  expect(await head()).toEqual({ titles: 1, canonicals: ['/category/diwali-gifts'], fromServer: 0 });

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page).toHaveTitle(`${product.name} | Utsav Gifts`);
  expect(await head()).toEqual({ titles: 1, canonicals: [productPath(product)], fromServer: 0 });
});

test('a rendered page shows its headings in the metric-matched fallback until the app has started and Baloo 2 is in', async ({
  page,
}) => {
  const product = await cheapestDiwaliGift(page);
  // The starter held back: the page has painted, the app has not started. The font file held back
  // too, once the app has started.
  const starter = await holdRequests(page, '**/start-app.js');
  const font = await holdRequests(page, '**/assets/baloo-2-*.woff2');
  await page.goto(productPath(product), { waitUntil: 'commit' });
  const title = page.getByRole('heading', { level: 1, name: product.name });
  await expect(title).toBeVisible();
  const fontOf = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => getComputedStyle(element).fontFamily);
  // Polled: the stylesheet may still be on its way when the heading is first laid out.
  await expect.poll(() => fontOf('h1')).toMatch(/^"Baloo 2 Fallback"/);
  // The store's name in the header uses the heading font as well, and waits with the headings.
  expect(await fontOf('header .font-heading')).toMatch(/^"Baloo 2 Fallback"/);
  // Body text never changes font.
  const bodyFont = await fontOf('main p');
  expect(bodyFont).not.toContain('Baloo');

  starter.release();
  await appStarted(page);
  // The headings change font once, when it is in: switched while it loads, they were laid out in
  // its loading state too, a long task after the first paint on a slow phone.
  expect(await fontOf('h1')).toMatch(/^"Baloo 2 Fallback"/);
  font.release();
  await expect.poll(() => fontOf('h1')).toMatch(/^"Baloo 2", "Baloo 2 Fallback"/);
  expect(await fontOf('header .font-heading')).toMatch(/^"Baloo 2", "Baloo 2 Fallback"/);
  expect(await fontOf('main p')).toBe(bodyFont);
});

test('a rendered page whose app did not arrive says so, and Try again loads it', async ({ page }) => {
  const product = await cheapestDiwaliGift(page);
  const failed = page.getByRole('alert').filter({ hasText: 'could not finish loading' });
  // The connection drops the app's entry.
  await page.route('**/assets/index-*.js', (route) => route.abort('internetdisconnected'));
  await page.goto(productPath(product));
  await expect(failed).toHaveText(
    'This page could not finish loading. Check your connection and try again.Try again',
  );
  // What the server sent stays readable.
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

  await page.unroute('**/assets/index-*.js');
  await failed.getByRole('button', { name: 'Try again' }).click();
  await appStarted(page);
  await expect(failed).toHaveCount(0);

  // The entry arrives but the landing page's own module does not: the same word and way out.
  await page.route('**/assets/product-page-*.js', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(failed.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.locator('fieldset.server-rendered[disabled]')).toHaveCount(1);
});
