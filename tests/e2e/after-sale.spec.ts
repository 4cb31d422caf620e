import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  adminToken,
  moveOrder,
  PAID_TO_DELIVERED,
  paidOrder,
  pickProduct,
  registerCustomer,
  signedInPage,
} from './store-api';

// After the sale (issue 14): reviews from customers whose order was delivered.

test('a customer whose order was delivered reviews the product and sees the new average', async ({
  browser,
  request,
  baseURL,
}) => {
  const product = await pickProduct(request, 20);
  const token = await registerCustomer(request, 'Kavya Rao');
  const order = await paidOrder(request, token, [product]);
  await moveOrder(request, await adminToken(request), order.orderId, PAID_TO_DELIVERED);

  const page = await signedInPage(browser, baseURL ?? '', token);
  await page.goto(`/product/${product.slug}`);
  const reviews = page.getByRole('region', { name: 'Ratings & Reviews' });
  await expect(reviews.getByRole('form', { name: 'Write a review' })).toBeVisible();
  await reviews.getByRole('radio', { name: '4 stars' }).check({ force: true });
  await reviews
    .getByLabel('Your review (optional)')
    .fill('Lovely colours, packed with care. <b>Arrived early!</b>');
  await reviews.getByRole('button', { name: 'Submit review' }).click();

  await expect(reviews).toContainText('4.0 out of 5 · 1 rating');
  await expect(reviews.getByRole('list', { name: 'Reviews' })).toContainText('Kavya R.');
  await expect(reviews).toContainText('Lovely colours, packed with care. <b>Arrived early!</b>');
  await expect(reviews).toContainText('You rated this product 4 out of 5');
  // The product's own rating line follows the real aggregate too.
  await expect(page.getByText('(1 rating)')).toBeVisible();
});

test('a customer downloads the GST tax invoice of a paid order', async ({ browser, request, baseURL }) => {
  const product = await pickProduct(request, 21);
  const token = await registerCustomer(request, 'Rohan Mehta');
  const order = await paidOrder(request, token, [product]);

  const page = await signedInPage(browser, baseURL ?? '', token);
  await page.goto('/orders');
  const card = page.getByRole('article', { name: `Order ${order.orderNumber}` });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: `Download invoice of order ${order.orderNumber}` }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^invoice-UG-\d{2}-\d{2}-\d{6}\.pdf$/);
  const file = await download.path();
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.toString('latin1')).toContain('Tax Invoice UG/');
});
