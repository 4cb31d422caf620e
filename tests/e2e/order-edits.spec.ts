import { formatInr } from '../../src/shared/money';
import { axeOn } from './support/axe';
import { expect, test } from './support/fixtures';
import { overflowProblems } from './support/page-layout';
import { keepPicture } from './support/pictures';
import { DELIVERY_ADDRESS, paidOrder, pickProduct } from './support/store-api';

// Decision 0078: an order edited before it is booked with the courier. The shopper changes its
// address and phone from the order page; the owner removes one of its lines, refunded at once.
// Decision 0085: a new address's dearer delivery is made once the shopper pays the difference.

for (const [width, height, first] of [
  [1366, 900, 72],
  [360, 780, 74],
] as const) {
  test(`at ${width} px the shopper changes the address and phone, and the owner removes a line before dispatch`, async ({
    page,
    request,
    ownerPage: owner,
    newShopper,
  }) => {
    const lamp = await pickProduct(request, first);
    const diya = await pickProduct(request, first + 1);
    const { token } = await newShopper(`Kavya Joshi ${width}`, { address: false, on: page });
    const order = await paidOrder(request, token, [lamp, diya]);

    await page.setViewportSize({ width, height });
    await page.goto(`/order-confirmation/${order.orderId}`);
    await page.getByRole('button', { name: 'Change address or phone' }).click();
    const form = page.getByRole('dialog', { name: 'Change the delivery address' });
    await form.getByLabel('Address').fill('7 Shivaji Nagar, behind Shaniwar Wada');
    await form.getByLabel('City').fill('Pune');
    await form.getByLabel('Postal Code').fill('411001');
    await form.getByLabel('Phone Number').fill('9822012345');
    expect(await overflowProblems(page)).toEqual([]);
    const axe = await axeOn(page)
      .include('dialog')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    await keepPicture(page, `order-address-change-${width}.png`);
    await form.getByRole('button', { name: 'Save new address' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Delivery address changed.' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Order Status' })).toContainText(
      'Delivery address changed by the customer to Pune 411001, phone 9822012345',
    );

    await owner.setViewportSize({ width, height });
    await owner.goto(`/admin/orders/${order.orderId}`);
    await owner.getByRole('button', { name: `Remove 1 x ${diya.name} from the order` }).click();
    const ask = owner.getByRole('alertdialog', { name: `Remove 1 x ${diya.name}?` });
    await expect(ask).toContainText('goes back to the customer’s original payment method at once');
    await keepPicture(owner, `order-line-remove-${width}.png`);
    await ask.getByRole('button', { name: 'Remove item' }).click();
    const timeline = owner.getByRole('heading', { name: 'Timeline' }).locator('..');
    await expect(timeline).toContainText(
      `1 x ${diya.name} removed from the order by the store: ${formatInr(diya.price)} refunded to your original payment method`,
    );
    await expect(owner.getByRole('button', { name: /^Remove 1 x / })).toHaveCount(0);
    expect(await overflowProblems(owner)).toEqual([]);
  });
}

test('at 360 px the shopper moves a standard delivery to a new address at midnight and pays the ₹199 difference in the sandbox', async ({
  page,
  request,
  newShopper,
}) => {
  const lamp = await pickProduct(request, 76);
  const { token } = await newShopper('Ishaan Rao 360', { address: false, on: page });
  // The first day Bengaluru's 560001 can have both standard and midnight delivery.
  const offer = (await (await request.get('/api/pincodes/delivery-dates/560001')).json()) as {
    dates: { date: string; slots: { slot: string }[] }[];
  };
  const day = offer.dates.find(
    (option) =>
      option.slots.some((slot) => slot.slot === 'standard') &&
      option.slots.some((slot) => slot.slot === 'midnight'),
  );
  if (!day) throw new Error('560001 offers no day with both standard and midnight delivery');
  const order = await paidOrder(request, token, [lamp], DELIVERY_ADDRESS, {
    date: day.date,
    slot: 'standard',
  });

  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/order-confirmation/${order.orderId}`);
  await page.getByRole('button', { name: 'Change address or phone' }).click();
  const form = page.getByRole('dialog', { name: 'Change the delivery address' });
  await form.getByLabel('Address').fill('80 Feet Road, Koramangala 4th Block');
  await form.getByRole('button', { name: 'Next: delivery date' }).click();

  // The new pincode's dates, starting from the order's own standard delivery.
  const step = page.getByRole('region', { name: 'Delivery at the new address' });
  const dates = step.getByRole('region', { name: 'Delivery date and time' });
  await expect(dates.getByRole('radio', { name: 'Standard delivery' })).toBeChecked();
  await dates.getByRole('radio', { name: 'Midnight delivery (11 PM - 11:59 PM) · ₹199 extra' }).check();
  expect(await overflowProblems(page)).toEqual([]);
  await step.getByRole('button', { name: 'Save new address' }).click();

  // Held: the order keeps its address until the difference is paid.
  const held = page.getByRole('region', { name: 'Your change of address waits for payment' });
  await expect(held).toContainText('That costs ₹199 more than you paid for delivery.');
  const shipTo = page.getByRole('region', { name: 'Shipping Address' });
  await expect(shipTo.getByText('12 MG Road, Ashok Nagar', { exact: true })).toBeVisible();
  expect(await overflowProblems(page)).toEqual([]);
  const axe = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  await keepPicture(held, 'order-address-change-payment-360.png');

  await held.getByRole('button', { name: 'Pay ₹199' }).click();
  const paymentWindow = page.getByTitle('Payment window').contentFrame();
  await paymentWindow.getByRole('radio', { name: 'UPI' }).check();
  await paymentWindow.getByLabel('UPI ID').fill('success@upi');
  await paymentWindow.getByRole('button', { name: 'Pay ₹199' }).click();

  await expect(
    page.getByRole('status').filter({ hasText: 'Payment received: your order goes to the new address.' }),
  ).toBeVisible();
  await expect(held).toHaveCount(0);
  await expect(shipTo.getByText('80 Feet Road, Koramangala 4th Block', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order Status' })).toContainText(
    '₹199 more for delivery paid by the customer',
  );
});
