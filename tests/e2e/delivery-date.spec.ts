import type { OrderRecord } from '../../src/shared/api/orders';
import { deliveryChoiceText } from '../../src/shared/delivery-slot-rules';
import { formatInr } from '../../src/shared/money';
import { expect, test } from './support/fixtures';
import { payByUpi, pickProduct } from './support/store-api';

// Decision 0015 and 0073: a delivery day and the midnight slot, from the product page to the back office.
// Bengaluru (the shopper's 560025) is in the same-day area, so the midnight slot is offered at any
// hour; the first day offered is today before 2 PM India time and tomorrow after it, so the journey
// takes whichever comes first and reads the order back for the words to expect.

test('a shopper picks the first day and the midnight slot, pays its fee and sees it on the order everywhere', async ({
  request,
  newShopper,
  ownerPage: owner,
}) => {
  const product = await pickProduct(request, 45, (candidate) => candidate.stock >= 5);
  const total = product.price + (product.price >= 1000 ? 0 : 50) + 199;
  const { token, page: shopper } = await newShopper('Ananya');

  // The product page says how soon the checked pincode can have it.
  await shopper.goto(`/product/${product.slug}`);
  const checker = shopper.getByRole('region', { name: 'Check delivery' });
  await checker.getByLabel('Pincode').fill('560025');
  await checker.getByRole('button', { name: 'Check' }).click();
  await expect(checker.getByText(/^Earliest delivery: (Today|Tomorrow), /)).toBeVisible();
  await expect(
    checker.getByText('Midnight delivery (11 PM - 11:59 PM) available for ₹199 extra'),
  ).toBeVisible();
  await shopper.getByRole('button', { name: 'Add to Cart' }).first().click();

  await shopper.goto('/checkout');
  await expect(shopper.getByRole('radio', { name: /Ananya/ })).toBeChecked();
  const section = shopper.getByRole('region', { name: 'Delivery date' });
  const days = section.getByRole('group', { name: 'Choose a day' });
  await expect(days.getByRole('radio', { name: 'Earliest available' })).toBeChecked();
  // The first day on offer, after 'Earliest available'.
  await days.getByRole('radio').nth(1).check();
  await section.getByRole('radio', { name: 'Midnight delivery (11 PM - 11:59 PM) · ₹199 extra' }).check();
  const summary = shopper.getByRole('region', { name: 'Order Summary' });
  // Decision 0072: the slot's fee is a charge of its own, on its own line.
  await expect(summary).toContainText('Midnight delivery₹199');
  await expect(summary).toContainText(`Total${formatInr(total)}`);
  await shopper.getByRole('button', { name: 'Proceed to Payment' }).click();

  await expect(shopper.getByText(/^Delivery on .* · Midnight delivery/)).toBeVisible();
  await payByUpi(shopper, total);
  await expect(shopper.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const orderId = shopper.url().split('/').at(-1) ?? '';

  const read = await request.get(`/api/orders/${orderId}`, { headers: { authorization: `Bearer ${token}` } });
  const order = (await read.json()) as OrderRecord;
  expect(order.delivery).toMatchObject({ slot: 'midnight', fee: 199 });
  expect(order.totalAmount).toBe(total);
  const { delivery } = order;
  if (!delivery) throw new Error('The order carries no delivery day');
  const chosen = `Delivery on ${deliveryChoiceText(delivery)}`;
  await expect(shopper.getByText(chosen)).toBeVisible();

  await shopper.goto('/orders');
  await expect(shopper.getByRole('article', { name: `Order ${order.orderNumber}` })).toContainText(chosen);

  await owner.goto(`/admin/orders/${orderId}`);
  await expect(owner.getByText(chosen)).toBeVisible();
  await owner.getByRole('link', { name: 'Packing slip' }).click();
  await expect(
    owner.getByRole('article', { name: 'Packing slip' }).getByRole('region', { name: 'Deliver on' }),
  ).toContainText(deliveryChoiceText(delivery));
});

// Decision 0073: the demo's Fixed time slot (₹149, 2-hour windows from 9 AM, closing 4 hours before
// each starts) at the same-day pincode. Tomorrow's windows are all open at any hour of today.
test('at 360 px a shopper picks tomorrow’s first fixed-time window, pays its fee and the owner’s slip shows the window', async ({
  request,
  newShopper,
  ownerPage: owner,
}) => {
  const product = await pickProduct(request, 46, (candidate) => candidate.stock >= 5);
  const total = product.price + (product.price >= 1000 ? 0 : 50) + 149;
  const { token, page: shopper } = await newShopper('Kavya');
  await shopper.setViewportSize({ width: 360, height: 740 });
  await owner.setViewportSize({ width: 360, height: 740 });

  await shopper.goto(`/product/${product.slug}`);
  const checker = shopper.getByRole('region', { name: 'Check delivery' });
  await checker.getByLabel('Pincode').fill('560025');
  await checker.getByRole('button', { name: 'Check' }).click();
  await expect(checker.getByText(/^Fixed time delivery available for ₹149 extra \(earliest /)).toBeVisible();
  await shopper.getByRole('button', { name: 'Add to Cart' }).first().click();

  await shopper.goto('/checkout');
  await expect(shopper.getByRole('radio', { name: /Kavya/ })).toBeChecked();
  const section = shopper.getByRole('region', { name: 'Delivery date' });
  await section
    .getByRole('group', { name: 'Choose a day' })
    .getByRole('radio', { name: /^Tomorrow, / })
    .check();
  await section.getByRole('radio', { name: 'Fixed time (9 AM - 11 AM) · ₹149 extra' }).check();
  const summary = shopper.getByRole('region', { name: 'Order Summary' });
  await expect(summary).toContainText('Fixed time delivery₹149');
  await expect(summary).toContainText(`Total${formatInr(total)}`);
  await shopper.getByRole('button', { name: 'Proceed to Payment' }).click();

  await expect(shopper.getByText(/^Delivery on .* · Fixed time \(9 AM - 11 AM\)/)).toBeVisible();
  await payByUpi(shopper, total);
  await expect(shopper.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const orderId = shopper.url().split('/').at(-1) ?? '';

  const read = await request.get(`/api/orders/${orderId}`, { headers: { authorization: `Bearer ${token}` } });
  const order = (await read.json()) as OrderRecord;
  expect(order.delivery).toMatchObject({
    slot: 'timed',
    fee: 149,
    window: { name: 'Fixed time', start: 540 },
  });
  expect(order.fees).toContainEqual({ kind: 'delivery_slot', label: 'Fixed time delivery', amount: 149 });
  const { delivery } = order;
  if (!delivery) throw new Error('The order carries no delivery day');
  const chosen = `Delivery on ${deliveryChoiceText(delivery)}`;
  await expect(shopper.getByText(chosen)).toBeVisible();

  await owner.goto(`/admin/orders/${orderId}`);
  await owner.getByRole('link', { name: 'Packing slip' }).click();
  const slip = owner.getByRole('article', { name: 'Packing slip' });
  await expect(slip.getByRole('region', { name: 'Deliver on' })).toContainText(deliveryChoiceText(delivery));
  await expect(slip).toContainText('Fixed time delivery');
});
