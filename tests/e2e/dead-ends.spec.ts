import type { APIRequestContext, Page } from '@playwright/test';
import type { Product, ProductResponse } from '../../src/shared/api/catalog';
import type { OrderRecord } from '../../src/shared/api/orders';
import type { CreateOrderResponse } from '../../src/shared/api/payments';
import { formatInr } from '../../src/shared/money';
import { expect, test } from './support/fixtures';
import { DELIVERY_ADDRESS, pickProduct, registerCustomer } from './support/store-api';

// No dead end: a pincode the store cannot deliver to, and an order left waiting for
// payment, each have a way on. Products 50-53 of the seeded singles are this file's own.

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** SPEC 9: free shipping from ₹1,000, else ₹50. */
const totalOf = (product: Product) => product.price + (product.price >= 1000 ? 0 : 50);

/** An order of one unit, created through the API and left unpaid, as an abandoned payment leaves it. */
async function pendingOrder(request: APIRequestContext, token: string, product: Product) {
  const created = await request.post('/api/payments/create-order', {
    headers: auth(token),
    data: {
      items: [{ productId: product.id, quantity: 1, inStock: true, allowPreOrder: false, minQuantity: 1 }],
      totalAmount: totalOf(product),
      shippingAddress: DELIVERY_ADDRESS,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return (await created.json()) as CreateOrderResponse;
}

async function orderOf(request: APIRequestContext, token: string, orderId: string) {
  const response = await request.get(`/api/orders/${orderId}`, { headers: auth(token) });
  expect(response.status()).toBe(200);
  return (await response.json()) as OrderRecord;
}

async function stockOf(request: APIRequestContext, productId: number) {
  const response = await request.get(`/api/products/${productId}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as ProductResponse).product.stock;
}

async function addToCart(page: Page, product: Product) {
  await page.goto(`/products?search=${encodeURIComponent(product.name)}`);
  await page.getByRole('button', { name: `Add ${product.name} to cart`, exact: true }).click();
  await expect(page.getByRole('group', { name: `Quantity of ${product.name} in cart` })).toBeVisible();
}

test('a pincode outside the directory never becomes the delivery location', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Select delivery location' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Delivery Location' });
  await dialog.getByLabel('Pincode').fill('560001');
  await dialog.getByRole('button', { name: 'Check Delivery' }).click();
  await expect(dialog).toBeHidden();
  const chosen = page.getByRole('button', { name: /^Deliver to .*560001$/ });
  await expect(chosen).toBeVisible();

  await chosen.click();
  await dialog.getByLabel('Pincode').fill('999999');
  await dialog.getByRole('button', { name: 'Check Delivery' }).click();

  await expect(dialog.getByText('Not deliverable to 999999')).toBeVisible();
  await expect(dialog.getByText("Sorry, we don't deliver to this pincode yet")).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(chosen).toBeVisible();
  await expect(page.getByRole('button', { name: /999999/ })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('selectedPincode'))).toBe('560001');
});

test("an address at a pincode the store cannot deliver to is refused when saved, in the product page's words", async ({
  page,
  request,
}) => {
  const product = await pickProduct(request, 50);
  const token = await registerCustomer(request, 'Farhan Ali');
  await page.context().addInitScript((value) => localStorage.setItem('token', value), token);
  // The product page's words for 999999.
  await page.goto(`/product/${product.slug}`);
  const checker = page.getByRole('region', { name: 'Check delivery' });
  await checker.getByLabel('Pincode').fill('999999');
  await checker.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(checker.getByText('Not deliverable to 999999')).toBeVisible();
  await expect(checker.getByText('Invalid pincode')).toBeVisible();
  await addToCart(page, product);

  // Decision 0068: the same words refuse it where it is typed, and nothing is saved.
  await page.goto('/checkout');
  const form = page.getByRole('dialog', { name: 'Add New Address' });
  await form.getByLabel('Full Name').fill('Farhan Ali');
  await form.getByLabel('Address').fill('Flat 302, Sai Residency, 5th Main Road');
  await form.getByLabel('City').fill('Bengaluru');
  await form.getByLabel('Postal Code').fill('999999');
  await form.getByLabel('Phone Number').fill('9845012345');
  await form.getByRole('button', { name: 'Save Address' }).click();
  await expect(
    form.getByText('Failed to save address: Not deliverable to 999999. Invalid pincode'),
  ).toBeVisible();
  const saved = await request.get('/api/addresses', { headers: auth(token) });
  expect(((await saved.json()) as { data: unknown[] }).data).toEqual([]);

  await form.getByLabel('Postal Code').fill('560001');
  await form.getByRole('button', { name: 'Save Address' }).click();
  await expect(form).toBeHidden();
  const proceed = page.getByRole('button', { name: 'Proceed to Payment' });
  await expect(proceed).toBeEnabled();
  await proceed.click();
  await expect(page.getByRole('heading', { name: 'Complete Your Payment' })).toBeVisible();
  const total = totalOf(product);
  await page.getByRole('button', { name: `Pay ${formatInr(total)}` }).click();
  const paymentWindow = page.getByTitle('Payment window').contentFrame();
  await expect(paymentWindow.getByRole('dialog').getByText(formatInr(total), { exact: true })).toBeVisible();
});

test('a pending order is completed from My Orders', async ({ page, request, newShopper }) => {
  const product = await pickProduct(request, 51);
  const { token } = await newShopper('Lakshmi Rao', { on: page });
  const order = await pendingOrder(request, token, product);
  const total = formatInr(order.totalAmount);

  await page.goto('/orders');
  const card = page.getByRole('article', { name: `Order ${order.orderNumber}` });
  await expect(card).toContainText('Payment Pending');
  await card.getByRole('link', { name: `Complete payment of order ${order.orderNumber}` }).click();

  await expect(page.getByRole('heading', { name: 'Complete Your Payment' })).toBeVisible();
  await expect(page.getByText(`Order ${order.orderNumber}`)).toBeVisible();
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  const paymentWindow = page.getByTitle('Payment window').contentFrame();
  // The window opens on UPI, what most Indians pay with; this shopper pays by card.
  await paymentWindow.getByRole('radio', { name: 'Card' }).check();
  await paymentWindow.getByLabel('Card number').fill('4111 1111 1111 1111');
  await paymentWindow.getByLabel('Expiry (MM/YY)').fill('12/39');
  await paymentWindow.getByLabel('CVV').fill('123');
  await paymentWindow.getByRole('button', { name: `Pay ${total}` }).click();

  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/order-confirmation/${order.orderId}$`));
  const paid = await orderOf(request, token, order.orderId);
  expect(paid.status).toBe('paid');
  expect(paid.payableUntil).toBeNull();
  const mine = await request.get('/api/orders/my-orders', { headers: auth(token) });
  expect(((await mine.json()) as { data: OrderRecord[] }).data).toHaveLength(1);
});

test('a pending order is cancelled from its confirmation page and its stock is free again', async ({
  page,
  request,
  newShopper,
}) => {
  const product = await pickProduct(request, 52);
  const { token } = await newShopper('Joseph Thomas', { on: page });
  const before = await stockOf(request, product.id);
  const order = await pendingOrder(request, token, product);
  expect(await stockOf(request, product.id)).toBe(before - 1);
  page.on('dialog', (dialog) => {
    throw new Error(`A native ${dialog.type()} box opened: ${dialog.message()}`);
  });

  await page.goto(`/order-confirmation/${order.orderId}`);
  await expect(page.getByRole('heading', { name: 'Awaiting Payment' })).toBeVisible();
  // No payment, so no confirmation e-mail went out: the page must not promise one.
  await expect(page.getByText(/confirmation e-mail/)).toHaveCount(0);
  await page.getByRole('button', { name: `Cancel order ${order.orderNumber}` }).click();
  const confirm = page.getByRole('dialog', { name: `Cancel order ${order.orderNumber}?` });
  await confirm.getByRole('button', { name: 'Cancel order' }).click();

  await expect(page.getByRole('heading', { name: 'Order Cancelled' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Complete payment/ })).toHaveCount(0);
  await expect(page.getByText(/confirmation e-mail/)).toHaveCount(0);
  expect((await orderOf(request, token, order.orderId)).status).toBe('cancelled');
  expect(await stockOf(request, product.id)).toBe(before);
});
