import fs from 'node:fs';
import sharp from 'sharp';
import { formatInr } from '../../src/shared/money';
import { expect, test } from './support/fixtures';
import { moveOrder, PAID_TO_DELIVERED, paidOrder, payByUpi, pickProduct } from './support/store-api';

// After the sale: reviews, tax invoices and returns with refunds.

test('a customer whose order was delivered reviews the product and sees the new average', async ({
  request,
  ownerToken,
  newShopper,
}) => {
  const product = await pickProduct(request, 20);
  const { token, page } = await newShopper('Kavya Rao', { address: false });
  const order = await paidOrder(request, token, [product]);
  await moveOrder(request, ownerToken, order.orderId, PAID_TO_DELIVERED);

  await page.goto(`/product/${product.slug}`);
  const reviews = page.getByRole('region', { name: 'Ratings & Reviews' });
  // The reviews load as the shopper scrolls towards them.
  await reviews.scrollIntoViewIfNeeded();
  await expect(reviews.getByRole('form', { name: 'Write a review' })).toBeVisible();
  await reviews.getByRole('radio', { name: '4 stars' }).check({ force: true });
  await reviews
    .getByLabel('Your review (optional)')
    .fill('Lovely colours, packed with care. <b>Arrived early!</b>');
  await reviews.getByRole('button', { name: 'Submit review' }).click();

  await expect(reviews.getByRole('list', { name: 'Reviews' })).toContainText('Kavya R.');
  await expect(reviews).toContainText('Lovely colours, packed with care. <b>Arrived early!</b>');
  await expect(reviews).toContainText('You rated this product 4 out of 5');
  // The average and count are the product's reviews, this one added (decision 0059: the demo
  // catalogue's ratings are made of demo reviews), on the section and the product's rating line.
  const { product: after } = (await (await request.get(`/api/products/${product.id}`)).json()) as {
    product: { rating: number; ratingCount: number };
  };
  expect(after.ratingCount).toBe(product.ratingCount + 1);
  await expect(reviews).toContainText(`${after.rating.toFixed(1)} out of 5 · ${after.ratingCount} ratings`);
  await expect(page.getByText(`(${after.ratingCount} ratings)`)).toBeVisible();
});

test('a customer downloads the GST tax invoice of a paid order', async ({ request, newShopper }) => {
  const product = await pickProduct(request, 21);
  const { token, page } = await newShopper('Rohan Mehta', { address: false });
  const order = await paidOrder(request, token, [product]);

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

test('a customer returns a delivered item, the owner approves it, marks it received and the customer sees the refund', async ({
  request,
  ownerToken,
  ownerPage: owner,
  newShopper,
}) => {
  const [first, second] = [await pickProduct(request, 22), await pickProduct(request, 23)];
  const { token, page: customer } = await newShopper('Imran Shaikh', { address: false });
  const order = await paidOrder(request, token, [first!, second!]);
  await moveOrder(request, ownerToken, order.orderId, PAID_TO_DELIVERED);

  // The customer asks to return one of the two items, with a photo, from the order page.
  await customer.goto('/orders');
  await customer.getByRole('link', { name: `View details of order ${order.orderNumber}` }).click();
  const returns = customer.getByRole('region', { name: 'Returns' });
  await returns.getByRole('button', { name: 'Return items' }).click();
  await returns.getByLabel(`Units of ${first!.name} to return`).selectOption('1');
  await returns.getByRole('radio', { name: 'I changed my mind' }).check();
  await returns.getByLabel('Reason for the return').fill('The colour is not what the picture showed');
  const photo = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#0e7490' } })
    .png()
    .toBuffer();
  await returns
    .getByLabel('Photos (optional, up to 3)')
    .setInputFiles({ name: 'colour.png', mimeType: 'image/png', buffer: photo });
  await returns.getByRole('button', { name: 'Request return' }).click();
  await expect(returns).toContainText('Return requested: being reviewed');
  await expect(returns).toContainText(`Refund if approved: ${formatInr(first!.price)}`);
  await expect(returns.getByRole('img', { name: 'Return photo 1' })).toBeVisible();

  // The owner approves it in the back office.
  await owner.goto('/admin/returns');
  const card = owner.getByRole('listitem', { name: `Return of order ${order.orderNumber}` });
  await expect(card).toContainText('The colour is not what the picture showed');
  await card.getByRole('button', { name: 'Approve return' }).click();
  // The back office asks once more; the refund waits for the items (decision 0066).
  await owner
    .getByRole('alertdialog', { name: `Approve the return of order ${order.orderNumber}?` })
    .getByRole('button', { name: 'Approve return' })
    .click();
  await expect(card).toHaveCount(0);
  await customer.reload();
  await expect(returns).toContainText(
    `${formatInr(first!.price)} will be refunded to your original payment method once the items are back with us and checked`,
  );
  // The items are back: the owner marks them received, which makes the refund.
  await owner.getByRole('button', { name: 'Approved' }).click();
  await owner
    .getByRole('listitem', { name: `Return of order ${order.orderNumber}` })
    .getByRole('button', { name: 'Mark received and checked' })
    .click();
  await owner.getByRole('alertdialog').getByRole('button', { name: 'Mark received' }).click();
  await expect(owner.getByRole('listitem', { name: `Return of order ${order.orderNumber}` })).toContainText(
    `Approved: ${formatInr(first!.price)} refunded`,
  );

  // The customer sees the refund and the order returned.
  await customer.reload();
  await expect(returns).toContainText(`Refunded ${formatInr(first!.price)} to your original payment method`);
  await expect(customer.getByRole('region', { name: 'Order Status' })).toContainText('Returned');
  await customer.goto('/orders');
  await expect(customer.getByRole('article', { name: `Order ${order.orderNumber}` })).toContainText(
    `Refunded ${formatInr(first!.price)}`,
  );
});

test('the owner creates a coupon and a shopper pays the discounted total with it', async ({
  request,
  ownerPage: owner,
  newShopper,
}) => {
  // A product under ₹1,000, so shipping (worked out before the discount) is ₹50; past the products
  // the checkout journeys take, with stock to spare.
  const product = await pickProduct(
    request,
    10,
    (candidate) => candidate.price >= 300 && candidate.price < 900 && candidate.stock >= 5,
  );
  const code = `FEST${Date.now().toString(36).toUpperCase()}`;

  await owner.goto('/admin/coupons');
  const form = owner.getByRole('form', { name: 'New coupon' });
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Discount type').selectOption('flat');
  await form.getByLabel('Amount off (₹)').fill('150');
  await form.getByLabel('Minimum order (₹, optional)').fill('250');
  await form.getByLabel('Uses per customer (optional)').fill('1');
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(owner.getByText(`Coupon ${code} created`)).toBeVisible();
  await expect(owner.getByRole('list', { name: 'Coupons' })).toContainText(
    '₹150 off on orders of ₹250 or more',
  );

  const { page: shopper } = await newShopper('Divya');
  await shopper.goto(`/products?search=${encodeURIComponent(product.name)}`);
  await shopper.getByRole('button', { name: `Add ${product.name} to cart`, exact: true }).click();
  await shopper.goto('/checkout');
  await expect(shopper.getByRole('radio', { name: /Divya/ })).toBeChecked();
  await shopper.getByLabel('Coupon code').fill('nosuchcode');
  await shopper.getByRole('button', { name: 'Apply' }).click();
  await expect(shopper.getByRole('alert')).toHaveText('NOSUCHCODE: This coupon code is not valid');
  await shopper.getByLabel('Coupon code').fill(code.toLowerCase());
  await shopper.getByRole('button', { name: 'Apply' }).click();

  const total = product.price - 150 + 50;
  const summary = shopper.getByRole('region', { name: 'Order Summary' });
  await expect(summary).toContainText(`Coupon ${code}-₹150`);
  await expect(summary).toContainText(`Total${formatInr(total)}`);
  await shopper.getByRole('button', { name: 'Proceed to Payment' }).click();
  await payByUpi(shopper, total);

  await expect(shopper.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(
    shopper.getByText(/A confirmation e-mail with your order details is on its way to /),
  ).toBeVisible();
  await expect(shopper.getByText(`Coupon ${code}`)).toBeVisible();
  const purchase = await shopper.evaluate(() =>
    (window.dataLayer ?? []).find(
      (entry) =>
        typeof entry === 'object' && entry !== null && (entry as { event?: string }).event === 'purchase',
    ),
  );
  expect(purchase).toMatchObject({ ecommerce: { coupon: code, value: total } });
});
