import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { moveOrder, payByUpi, pickProduct } from './support/store-api';

// Decisions 0054 and 0062: a shopper who ticks WhatsApp at checkout (unticked until they do, decision 0062) hears
// "order placed" with the order number, and the tracking link once the owner marks the order
// shipped (through the WhatsApp sandbox), on the mobile their account verified with a code
// (decision 0054).

type SandboxMessage = { channel: string; to: string; template: string; text: string };

type SandboxCode = SandboxMessage & { params: string[] };

const sandboxMessagesTo = async (request: APIRequestContext, ownerToken: string, phone: string) => {
  const response = await request.get('/api/admin/messages', {
    headers: { authorization: `Bearer ${ownerToken}` },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: SandboxCode[] };
  return body.data.filter((message) => message.to === phone);
};

const messagesTo = async (request: APIRequestContext, ownerToken: string, phone: string) =>
  (await sandboxMessagesTo(request, ownerToken, phone)).filter(
    (message) => message.channel === 'whatsapp' && message.template !== 'otp',
  );

/** Verifies `phone` on the shopper's account with the code the SMS sandbox sent, as My Orders does. */
async function verifyMobile(request: APIRequestContext, ownerToken: string, token: string, phone: string) {
  const headers = { authorization: `Bearer ${token}` };
  expect((await request.post('/api/auth/phone/request', { headers, data: { phone } })).status()).toBe(200);
  const [code] = (await sandboxMessagesTo(request, ownerToken, phone)).filter(
    (message) => message.template === 'otp',
  );
  const verified = await request.post('/api/auth/phone/verify', {
    headers,
    data: { phone, code: code?.params[0] },
  });
  expect(verified.status(), await verified.text()).toBe(200);
}

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
