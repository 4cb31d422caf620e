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
