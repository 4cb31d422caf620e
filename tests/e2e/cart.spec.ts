import type { Page } from '@playwright/test';
import type { Product, ProductList } from '../../src/shared/api/catalog';
import { formatInr } from '../../src/shared/money';
import { addToCartSkippingAddOns } from './support/add-ons';
import { expect, test } from './support/fixtures';

/** Three in-stock products sold singly, with names no other product shares (cards are found by name). */
async function pickProducts(page: Page): Promise<[Product, Product, Product]> {
  const response = await page.request.get('/api/products?limit=1000&sort=price&order=asc');
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as ProductList;
  const counts = new Map<string, number>();
  for (const product of data) counts.set(product.name, (counts.get(product.name) ?? 0) + 1);
  const singles = data.filter(
    (product) => product.inStock && product.minQuantity === 1 && counts.get(product.name) === 1,
  );
  expect(singles.length).toBeGreaterThanOrEqual(3);
  return [singles[0]!, singles[1]!, singles[2]!];
}

const cartBar = (page: Page) => page.getByRole('region', { name: 'Cart summary' });
const stepperOf = (page: Page, name: string) =>
  page.getByRole('group', { name: `Quantity of ${name} in cart` });

test('a guest builds a cart from listing and product pages that survives reloads and tabs', async ({
  page,
  context,
}) => {
  const [first, second, third] = await pickProducts(page);

  // From the listing: Add, then the stepper.
  await page.goto(`/products?search=${encodeURIComponent(first.name)}`);
  await page.getByRole('button', { name: `Add ${first.name} to cart`, exact: true }).click();
  await expect(stepperOf(page, first.name).locator('output')).toHaveText('1');
  await expect(cartBar(page)).toContainText('1 item');
  await expect(cartBar(page)).toContainText(formatInr(first.price));

  await page.goto(`/products?search=${encodeURIComponent(second.name)}`);
  await page.getByRole('button', { name: `Add ${second.name} to cart`, exact: true }).click();
  await stepperOf(page, second.name).getByRole('button', { name: 'Increase quantity' }).click();
  await expect(stepperOf(page, second.name).locator('output')).toHaveText('2');
  await expect(cartBar(page)).toContainText('3 items');
  await expect(cartBar(page)).toContainText(formatInr(first.price + 2 * second.price));

  // From the product page: its own stepper picks the quantity, Add to Cart adds it.
  await page.goto(`/product/${third.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: third.name })).toBeVisible();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await addToCartSkippingAddOns(page, third.id, page.getByRole('button', { name: 'Add to Cart' }).first());
  await expect(page.getByText('Added 2 to cart')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart 5 items in cart', exact: true })).toBeVisible();

  // The cart page: lines, a quantity change, totals and the guest's shipping rule.
  await page.goto('/cart');
  const lines = page.getByRole('region', { name: 'Cart items' });
  for (const product of [first, second, third]) {
    await expect(lines.getByRole('link', { name: product.name })).toHaveAttribute(
      'href',
      `/product/${product.slug}`,
    );
  }
  await page.getByRole('combobox', { name: `Quantity of ${third.name}` }).selectOption('3');
  const subtotal = first.price + 2 * second.price + 3 * third.price;
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary).toContainText(`Subtotal (6 items)${formatInr(subtotal)}`);
  const fee = subtotal >= 1000 ? 0 : 50;
  await expect(summary).toContainText(`Shipping${fee === 0 ? 'Free' : formatInr(fee)}`);
  await expect(summary).toContainText(`Total${formatInr(subtotal + fee)}`);
  await expect(summary).toContainText(
    fee === 0 ? 'Free shipping for orders ≥ ₹1,000' : '₹50 shipping charge',
  );
  await expect(summary.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute(
    'href',
    '/checkout',
  );

  // A reload keeps the cart.
  await page.reload();
  await expect(page.getByRole('combobox', { name: `Quantity of ${third.name}` })).toHaveValue('3');
  await expect(page.getByRole('combobox', { name: `Quantity of ${second.name}` })).toHaveValue('2');
  await expect(summary).toContainText(`Subtotal (6 items)${formatInr(subtotal)}`);

  // A second tab of the same browser sees the same cart, and changes travel between them.
  const other = await context.newPage();
  await other.goto('/cart');
  await expect(other.getByRole('combobox', { name: `Quantity of ${third.name}` })).toHaveValue('3');
  await other.getByRole('button', { name: `Remove ${second.name} from cart` }).click();
  await expect(page.getByRole('link', { name: second.name })).toHaveCount(0);
  await expect(summary).toContainText(`Subtotal (4 items)${formatInr(first.price + 3 * third.price)}`);
  await other.close();

  // Remove everything: the bar hides and the cart says it is empty.
  await page.getByRole('button', { name: `Remove ${first.name} from cart` }).click();
  await page.goto(`/products?search=${encodeURIComponent(third.name)}`);
  await expect(cartBar(page)).toContainText('3 items');
  const decrease = stepperOf(page, third.name).getByRole('button', { name: 'Decrease quantity' });
  for (const left of ['2', '1']) {
    await decrease.click();
    await expect(stepperOf(page, third.name).locator('output')).toHaveText(left);
  }
  await decrease.click();
  await expect(page.getByRole('button', { name: `Add ${third.name} to cart`, exact: true })).toBeVisible();
  await expect(cartBar(page)).toHaveCount(0);

  await page.getByRole('link', { name: 'Cart', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Shop Now' })).toHaveAttribute('href', '/products');
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe(JSON.stringify({ items: [] }));
});

test('the cart page says when a price changed or a product is gone since it was added', async ({ page }) => {
  const [product] = await pickProducts(page);
  const stalePrice = product.price + 10;
  await page.goto('/products');
  await page.evaluate(
    ([stale, current]) => {
      localStorage.setItem(
        'cart',
        JSON.stringify({
          items: [
            { ...current, price: stale, quantity: 2 },
            { id: 999_999, name: 'Retired Gift Hamper', price: 300, quantity: 1, image: '', category: '' },
          ],
        }),
      );
    },
    [stalePrice, product] as const,
  );

  await page.goto('/cart');
  await expect(
    page.getByText(`Price updated: was ${formatInr(stalePrice)}, now ${formatInr(product.price)}`),
  ).toBeVisible();
  await expect(
    page.getByText('Retired Gift Hamper: No longer available, so it was removed from your cart.'),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText(
    `Subtotal (2 items)${formatInr(2 * product.price)}`,
  );
  await expect(page.getByRole('link', { name: 'Retired Gift Hamper' })).toHaveCount(0);
});

test('a corrupted stored cart starts empty instead of breaking the store', async ({ page }) => {
  await page.goto('/products');
  await page.evaluate(() => localStorage.setItem('cart', '{"items": oops'));
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
});
