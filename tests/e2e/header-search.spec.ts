import type { Page } from '@playwright/test';
import { ProductList } from '../../src/shared/api/catalog';
import { appStarted } from './support/app-start';
import { expect, test } from './support/fixtures';
import { holdChunk } from './support/held-requests';

// The header's search on every page, Buy Now and "You may also like" on a product page.

/** The demo catalogue's Chocolate Bouquet (the seed always has it), by its product path. */
async function chocolateBouquetPath(page: Page): Promise<string> {
  const response = await page.request.get('/api/products?search=Chocolate%20Bouquet&limit=1');
  const [product] = ProductList.parse(await response.json()).data;
  expect(product?.name).toBe('Chocolate Bouquet');
  return `/product/${product?.slug}`;
}

/** Home, and on a phone the search icon that opens the box: the box, focused. */
async function openHeaderSearch(page: Page) {
  await page.goto('/');
  await appStarted(page);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const box = page.getByRole('combobox', { name: 'Search gifts' });
  await expect(box).toBeFocused();
  return box;
}

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a misspelt search in the header suggests the product, and picking it opens its page', async ({
    page,
  }) => {
    const box = await openHeaderSearch(page);
    await box.pressSequentially('chocolte');
    const suggestion = page.getByRole('option', { name: /^Chocolate Bouquet/ }).first();
    await expect(suggestion).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await suggestion.click();
    await expect(page).toHaveURL(/\/product\/chocolate-bouquet-[a-z0-9-]*\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Chocolate Bouquet/ })).toBeVisible();

    // From the keyboard: arrows pick a suggestion, Enter without one searches the listing.
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await box.pressSequentially('choc');
    await expect(page.getByRole('option').first()).toBeVisible();
    await box.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    await expect(page.locator(`[id="${active}"]`)).toHaveAttribute('aria-selected', 'true');
    await box.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/products\?search=choc$/);
    await expect(page.getByRole('list', { name: 'Products' }).getByRole('article').first()).toContainText(
      /chocolate/i,
    );
  });

  test('on a slow connection the box takes the typing at once and suggests once its code arrives', async ({
    page,
  }) => {
    // The suggestions' code loads when the box is first used; here it is held back.
    const suggestions = await holdChunk(page, 'search-suggestions');
    const box = await openHeaderSearch(page);
    await box.pressSequentially('chocolte');
    await expect(box).toHaveValue('chocolte');
    await expect.poll(suggestions.requested).toBe(true);
    await expect(page.getByRole('option')).toHaveCount(0);

    suggestions.release();
    await expect(page.getByRole('option', { name: /^Chocolate Bouquet/ }).first()).toBeVisible();
    await expect(box).toHaveValue('chocolte');
    await expect(box).toBeFocused();
  });

  test('Buy Now takes a guest to checkout with the item, where login is asked', async ({ page }) => {
    await page.goto(await chocolateBouquetPath(page));
    await appStarted(page);
    await page.getByRole('button', { name: 'Buy Now' }).first().click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('dialog', { name: 'Continue with mobile number' })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await expect(summary).toContainText('(1 item)');
    await expect(summary).toContainText('Chocolate Bouquet');
  });
});

// Decision 0069: Buy Now buys that item alone; the older cart is kept for later.
test('Buy Now checks out the chosen quantity of that item alone, and the cart is still there after paying', async ({
  page,
  request,
  newShopper,
}) => {
  await newShopper('Meera Nair', { on: page });
  const [candle] = ProductList.parse(
    await (await request.get('/api/products?search=candle&limit=1')).json(),
  ).data;
  expect(candle).toBeDefined();
  await page.goto(`/products?search=${encodeURIComponent(candle?.name ?? '')}`);
  await page.getByRole('button', { name: `Add ${candle?.name} to cart`, exact: true }).click();
  await expect(page.getByRole('group', { name: `Quantity of ${candle?.name} in cart` })).toBeVisible();

  await page.goto(await chocolateBouquetPath(page));
  await appStarted(page);
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Buy Now' }).first().click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText('Welcome, Meera Nair')).toBeVisible();
  await expect(page.getByText('Buying only this item. Your cart is kept.')).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary).toContainText('(2 items)');
  await expect(summary).toContainText('Chocolate Bouquet');
  await expect(summary).not.toContainText(candle?.name ?? '');

  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  const paymentWindow = page.getByTitle('Payment window').contentFrame();
  await paymentWindow.getByLabel('UPI ID').fill('success@upi');
  await paymentWindow.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(page.getByText('Chocolate Bouquet').first()).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByRole('combobox', { name: `Quantity of ${candle?.name}` })).toHaveValue('1');
  await expect(page.getByRole('combobox', { name: 'Quantity of Chocolate Bouquet' })).toHaveCount(0);
});

test('"You may also like" shows in-stock gifts of the same category as the shopper scrolls', async ({
  page,
}) => {
  await page.goto(await chocolateBouquetPath(page));
  await appStarted(page);
  const category = (
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').nth(1).textContent()
  )?.trim();
  await page.getByRole('heading', { name: 'You may also like' }).scrollIntoViewIfNeeded();
  const cards = page.getByRole('list', { name: 'You may also like' }).getByRole('article');
  await expect(cards).toHaveCount(8);
  await expect(cards.filter({ hasText: /^Chocolate Bouquet/ })).toHaveCount(0);
  const name = (await cards.first().getByRole('heading').textContent())?.trim() ?? '';
  const link = cards.first().getByRole('link', { name });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: category ?? '' }),
  ).toBeVisible();
  await expect(page.getByText('In Stock', { exact: true }).first()).toBeVisible();
});
