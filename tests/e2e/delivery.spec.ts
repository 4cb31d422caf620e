import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

// Delivery by pincode on the product page, against the real pincode directory the
// server seeded. Far pincodes are used because their answer does not depend on the time of day
// (Bengaluru's turns from same-day to next-day at 2 PM).

async function openSomeProduct(page: Page) {
  const response = await page.request.get('/api/products?limit=1');
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { slug: string; name: string }[] };
  const product = data[0]!;
  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
}

test('a pincode checked on a product page shows city and days, and is still there after a reload', async ({
  page,
}) => {
  await openSomeProduct(page);
  const checker = page.getByRole('region', { name: 'Check delivery' });
  const field = checker.getByLabel('Pincode');
  const check = checker.getByRole('button', { name: 'Check' });

  await expect(check).toBeDisabled();
  // Keystrokes, unlike fill(), do not wait: the server's first paint keeps the field disabled until
  // the app has started (decision 15).
  await expect(field).toBeEditable();
  // SPEC 5: non-digits are stripped.
  await field.pressSequentially('11 00-01');
  await expect(field).toHaveValue('110001');
  await check.click();

  await expect(checker.getByText('Delivering to Central Delhi (110001)')).toBeVisible();
  await expect(checker.getByText('3-5 Days')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deliver to Central Delhi 110001' })).toBeVisible();

  await page.reload();
  const again = page.getByRole('region', { name: 'Check delivery' });
  await expect(again.getByLabel('Pincode')).toHaveValue('110001');
  await expect(again.getByText('Delivering to Central Delhi (110001)')).toBeVisible();
  await expect(again.getByText('3-5 Days')).toBeVisible();
});

test('a pincode outside the directory is not deliverable', async ({ page }) => {
  await openSomeProduct(page);
  const checker = page.getByRole('region', { name: 'Check delivery' });
  await checker.getByLabel('Pincode').fill('123456');
  await checker.getByRole('button', { name: 'Check' }).click();
  await expect(checker.getByText('Not deliverable to 123456')).toBeVisible();
  await expect(checker.getByText('Invalid pincode')).toBeVisible();
});

test('the delivery-location modal chooses a pincode for the whole store and can clear it', async ({
  page,
}) => {
  await openSomeProduct(page);
  await page.getByRole('button', { name: 'Select delivery location' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Delivery Location' });
  await expect(dialog.getByRole('button', { name: 'Check Delivery' })).toBeDisabled();
  await dialog.getByLabel('Pincode').fill('781001');
  await dialog.getByRole('button', { name: 'Check Delivery' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByRole('button', { name: 'Deliver to Kamrup 781001' })).toBeVisible();
  const checker = page.getByRole('region', { name: 'Check delivery' });
  await expect(checker.getByText('Delivering to Kamrup (781001)')).toBeVisible();
  await expect(checker.getByText('4-7 Days')).toBeVisible();

  await page.getByRole('button', { name: 'Deliver to Kamrup 781001' }).click();
  await dialog.getByRole('button', { name: 'Clear' }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Select delivery location' })).toBeVisible();
  await expect(checker.getByText('Delivering to Kamrup (781001)')).toBeHidden();
});
