import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { moveOrder, payByUpi, pickProduct } from './support/store-api';

// Issue 23: a shopper who ticks WhatsApp at checkout hears "order placed" with the order number,
// and the tracking link once the owner marks the order shipped (through the WhatsApp sandbox).

type SandboxMessage = { channel: string; to: string; template: string; text: string };

const messagesTo = async (request: APIRequestContext, ownerToken: string, phone: string) => {
  const response = await request.get('/api/admin/messages', {
    headers: { authorization: `Bearer ${ownerToken}` },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: SandboxMessage[] };
  return body.data.filter((message) => message.to === phone && message.channel === 'whatsapp');
};

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

  const { page: shopper } = await newShopper('Rohan');
  await shopper.goto(`/products?search=${encodeURIComponent(product.name)}`);
  await shopper.getByRole('button', { name: `Add ${product.name} to cart`, exact: true }).click();
  await shopper.goto('/checkout');
  await expect(shopper.getByRole('checkbox', { name: 'WhatsApp' })).toBeChecked();
  await shopper.getByRole('textbox', { name: 'Mobile number for updates' }).fill(phone);
  await shopper.getByRole('button', { name: 'Proceed to Payment' }).click();
  await payByUpi(shopper, total);
  await expect(shopper.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const orderId = shopper.url().split('/').at(-1) ?? '';
  const orderNumber =
    (
      await shopper
        .getByText(/RG-\d+/)
        .first()
        .textContent()
    )?.match(/RG-\d+/)?.[0] ?? '';
  expect(orderNumber).not.toBe('');

  // The worker sends within its 15-second turn.
  await expect
    .poll(async () => (await messagesTo(request, ownerToken, phone)).map((message) => message.template), {
      timeout: 40_000,
    })
    .toContain('order_placed');
  const [placed] = await messagesTo(request, ownerToken, phone);
  expect(placed?.text).toContain(orderNumber);

  await moveOrder(request, ownerToken, orderId, ['confirmed', 'processing', 'packed']);
  await owner.goto(`/admin/orders/${orderId}`);
  await owner.getByRole('button', { name: 'Mark as Shipped' }).click();
  await expect(owner.getByText('Status: Shipped')).toBeVisible();

  await expect
    .poll(
      async () =>
        (await messagesTo(request, ownerToken, phone)).find((message) => message.template === 'order_shipped')
          ?.text ?? '',
      { timeout: 40_000 },
    )
    .toContain(`/track?orderNumber=${orderNumber}`);

  // The owner sees both beside the e-mails, delivered.
  await owner.goto('/admin/outbox');
  await expect(owner.getByText(`Order shipped · ${orderNumber}`)).toBeVisible();
});
