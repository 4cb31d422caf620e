import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Product, ProductList } from '../../../src/shared/api/catalog';
import { formatInr } from '../../../src/shared/money';

// Set-up through the API for the after-sale journeys: customers, paid orders through
// the sandbox provider (signed as its window signs them) and the admin's status changes.

export const DELIVERY_ADDRESS = {
  fullName: 'Meera Iyer',
  address: '12 MG Road, Ashok Nagar',
  city: 'Bengaluru',
  postalCode: '560001',
  phone: '98765 43210',
};

export async function tokenFor(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

let addresses = 0;

/**
 * A shopper's own network address, as a real shopper's request carries it (the journey stores
 * trust the proxy header): the store counts sign-ups (30 an hour) and sign-in codes (5 an hour
 * before it asks the address to wait, decision 0032) per address, which a worker's many shoppers
 * would otherwise share, each worker's count depending on which journeys it happened to run.
 */
export function shopperAddress() {
  addresses += 1;
  return {
    'x-forwarded-for': `10.${process.pid % 250}.${Math.floor(addresses / 250) % 250}.${addresses % 250}`,
  };
}

export async function registerCustomer(request: APIRequestContext, fullName: string) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const response = await request.post('/api/auth/register', {
    headers: shopperAddress(),
    data: {
      email: `customer.${stamp}@example.com`,
      password: 'diwali-2031',
      username: `customer${stamp}`,
      fullName,
      adult: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

/**
 * The demo return gift whose tag asks for a name ("Name on tag") and takes an optional photo, with
 * stock for a journey's lots. Other personalised demo products ask for other words.
 */
export async function nameOnTagReturnGift(request: APIRequestContext): Promise<Product> {
  const listing = (await (await request.get('/api/products?limit=1000')).json()) as ProductList;
  const product = listing.data.find(
    (candidate) =>
      candidate.inStock &&
      candidate.stock >= 20 &&
      candidate.personalisation?.photo === 'optional' &&
      candidate.personalisation.fields.some((field) => field.label === 'Name on tag'),
  );
  if (!product) throw new Error('The seed has no return gift with a name on its tag');
  return product;
}

/**
 * An in-stock seeded product sold singly, the `index`-th of those with a name of their own (and
 * that `fits`).
 */
export async function pickProduct(
  request: APIRequestContext,
  index: number,
  fits: (product: Product) => boolean = () => true,
): Promise<Product> {
  const response = await request.get('/api/products?limit=1000');
  const { data } = (await response.json()) as ProductList;
  const counts = new Map<string, number>();
  for (const product of data) counts.set(product.name, (counts.get(product.name) ?? 0) + 1);
  // A personalised product is added from its page's form, not from a listing's Add button.
  const singles = data.filter(
    (product) =>
      product.inStock &&
      product.minQuantity === 1 &&
      product.personalisation === null &&
      counts.get(product.name) === 1 &&
      fits(product),
  );
  const product = singles[index];
  if (!product) throw new Error(`No seeded product number ${index}`);
  return product;
}

/** A customer with a saved default address in Bengaluru, for journeys through checkout. */
export async function customerWithAddress(request: APIRequestContext, fullName: string) {
  const token = await registerCustomer(request, fullName);
  const address = await request.post('/api/addresses', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      fullName,
      addressLine1: '7, Residency Road',
      city: 'Bengaluru',
      postalCode: '560025',
      phone: '9845012345',
      isDefault: true,
    },
  });
  expect(address.status()).toBe(201);
  return token;
}

/** An order of one unit of each product, created and paid through the sandbox provider. */
export async function paidOrder(
  request: APIRequestContext,
  token: string,
  products: Pick<Product, 'id' | 'price'>[],
  shippingAddress: typeof DELIVERY_ADDRESS & { state?: string } = DELIVERY_ADDRESS,
  /** A delivery date and slot chosen at checkout (its fee, none for standard, is the caller's). */
  delivery?: { date: string; slot: 'standard' },
) {
  const auth = { authorization: `Bearer ${token}` };
  const subtotal = products.reduce((sum, product) => sum + product.price, 0);
  const created = await request.post('/api/payments/create-order', {
    headers: auth,
    data: {
      items: products.map((product) => ({
        productId: product.id,
        quantity: 1,
        inStock: true,
        allowPreOrder: false,
        minQuantity: 1,
      })),
      // SPEC 9: free shipping from ₹1,000, else ₹50.
      totalAmount: subtotal + (subtotal >= 1000 ? 0 : 50),
      shippingAddress,
      ...(delivery ? { delivery } : {}),
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const order = (await created.json()) as { orderId: string; orderNumber: string; order: { id: string } };
  const paid = sandboxPaid(order.order.id);
  const verified = await request.post('/api/payments/verify-payment', {
    headers: auth,
    data: { ...paid, orderId: order.orderId },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return { ...order, paymentId: paid.razorpay_payment_id };
}

/** A payment of a provider order as the sandbox's window answers it: its id and its signature. */
export function sandboxPaid(providerOrderId: string) {
  const { sandboxKeySecret } = JSON.parse(
    fs.readFileSync(path.join(process.env.E2E_DATA_DIR ?? '', 'secrets.json'), 'utf8'),
  ) as { sandboxKeySecret: string };
  const paymentId = `pay_e2e${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    razorpay_order_id: providerOrderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: createHmac('sha256', sandboxKeySecret)
      .update(`${providerOrderId}|${paymentId}`)
      .digest('hex'),
  };
}

/** The back office's status changes, as tests/e2e/admin.spec.ts makes them by hand. */
export async function moveOrder(
  request: APIRequestContext,
  token: string,
  orderId: string,
  statuses: string[],
) {
  for (const status of statuses) {
    const response = await request.post(`/api/admin/orders/${orderId}/status`, {
      headers: { authorization: `Bearer ${token}` },
      data: { status, note: '' },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

export const PAID_TO_DELIVERED = [
  'confirmed',
  'processing',
  'packed',
  'shipped',
  'out_for_delivery',
  'delivered',
];

/** The order a confirmation page shows: its id (from the address) and its number. */
export async function confirmedOrder(page: Page) {
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const orderId = page.url().split('/').at(-1)?.split('?')[0] ?? '';
  const orderNumber =
    (
      await page
        .getByText(/RG-\d+/)
        .first()
        .textContent()
    )?.match(/RG-\d+/)?.[0] ?? '';
  expect(orderNumber).not.toBe('');
  return { orderId, orderNumber };
}

/** Pays the total shown on the payment page in the sandbox's window, by UPI. */
export async function payByUpi(page: Page, total: number) {
  await page.getByRole('button', { name: `Pay ${formatInr(total)}` }).click();
  const paymentWindow = page.getByTitle('Payment window').contentFrame();
  // The window opens on UPI, what most Indians pay with.
  await expect(paymentWindow.getByRole('radio', { name: 'UPI' })).toBeChecked();
  await paymentWindow.getByLabel('UPI ID').fill('success@upi');
  await paymentWindow.getByRole('button', { name: `Pay ${formatInr(total)}` }).click();
}
