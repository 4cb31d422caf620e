import { expect, test } from './support/fixtures';
import { verifyMobile, whatsAppTo } from './support/messages';
import { confirmedOrder, moveOrder, payByUpi, pickProduct } from './support/store-api';

// Decisions 0054 and 0062: a shopper who ticks WhatsApp at checkout (unticked until they do, decision 0062) hears
// "order placed" with the order number, and the tracking link once the owner marks the order
// shipped (through the WhatsApp sandbox), on the mobile their account verified with a code
// (decision 0054).

test('a shopper pays, gets "order placed" on WhatsApp, and the tracking link once shipped', async ({
  request,
  newShopper,
  ownerToken,
  ownerPage: owner,
}) => {
  test.setTimeout(120_000);
  const product = await pickProduct(request, 40, (candidate) => candidate.stock >= 5);
  const total = product.price + (product.price >= 1000 ? 0 : 50);
  const phone = `9${String(Date.now()).slice(-9)}`;

  const { page: shopper, token } = await newShopper('Rohan');
  await verifyMobile(request, ownerToken, token, phone);
  await shopper.goto(`/products?search=${encodeURIComponent(product.name)}`);
  await shopper.getByRole('button', { name: `Add ${product.name} to cart`, exact: true }).click();
  await shopper.goto('/checkout');
  // Decision 0062: WhatsApp is the shopper's own opt-in, never ticked for them.
  await expect(shopper.getByRole('checkbox', { name: 'WhatsApp', exact: true })).not.toBeChecked();
  await expect(
    shopper.getByRole('checkbox', { name: 'Send me offers and reminders from Utsav Gifts on WhatsApp' }),
  ).not.toBeChecked();
  await shopper.getByRole('checkbox', { name: 'WhatsApp', exact: true }).check();
  await expect(shopper.getByText(`WhatsApp and SMS go to your verified mobile, ${phone}.`)).toBeVisible();
  await shopper.getByRole('button', { name: 'Proceed to Payment' }).click();
  await payByUpi(shopper, total);
  const { orderId, orderNumber } = await confirmedOrder(shopper);

  // The worker sends within its 15-second turn.
  await expect
    .poll(async () => (await whatsAppTo(request, ownerToken, phone)).map((message) => message.template), {
      timeout: 40_000,
    })
    .toContain('order_placed');
  const [placed] = await whatsAppTo(request, ownerToken, phone);
  expect(placed?.text).toContain(orderNumber);

  await moveOrder(request, ownerToken, orderId, ['confirmed', 'processing', 'packed']);
  await owner.goto(`/admin/orders/${orderId}`);
  await owner.getByRole('button', { name: 'Mark as Shipped' }).click();
  await expect(owner.getByText('Status: Shipped')).toBeVisible();

  await expect
    .poll(
      async () =>
        (await whatsAppTo(request, ownerToken, phone)).find((message) => message.template === 'order_shipped')
          ?.text ?? '',
      { timeout: 40_000 },
    )
    .toContain(`/track?orderNumber=${orderNumber}`);

  // The owner sees both beside the e-mails, delivered.
  await owner.goto('/admin/outbox');
  await expect(owner.getByText(`Order shipped · ${orderNumber}`)).toBeVisible();
});
