import { formatInr, formatPaise, toPaise } from '../../src/shared/money';
import { unitPricePaise } from '../../src/shared/quantity-pricing';
import { quoteShippingPaise } from '../../src/shared/shipping';
import { openAdminSection } from './support/admin-nav';
import { expect, test } from './support/fixtures';
import { DELIVERY_ADDRESS, payByUpi, pickProduct } from './support/store-api';

// Quantity tiers priced into a bulk quote the owner sends as a payable link.

const TIERS = [
  { minQuantity: 25, percentOff: 5 },
  { minQuantity: 50, percentOff: 10 },
];

test('the owner quotes 50 pieces at the tier price and the customer pays the link', async ({
  browser,
  request,
  baseURL,
  ownerPage: admin,
  newShopper,
}) => {
  const product = await pickProduct(request, 40, (candidate) => candidate.stock >= 60);
  const { token: customerToken, page: customer } = await newShopper('Ananya Desai', { address: false });
  const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${customerToken}` } });
  const { user } = (await me.json()) as { user: { email: string } };
  const unitPaise = unitPricePaise(toPaise(product.price), TIERS, 50);
  const subtotalPaise = unitPaise * 50;
  const totalPaise = subtotalPaise + quoteShippingPaise(subtotalPaise).shippingFeePaise;

  // The owner sets the product's tiers in the back office.
  await admin.goto(`/admin/products/${product.id}`);
  await admin.getByLabel('Bulk quote tiers (pieces:percent off, optional)').fill('25:5, 50:10');
  await admin.getByRole('button', { name: 'Save product' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Product saved' })).toBeVisible();

  // The product page offers them to party buyers, and points to a bulk quote.
  const shopper = await browser.newPage({ baseURL: baseURL ?? '' });
  await shopper.goto(`/product/${product.slug}`);
  await expect(
    shopper.getByText('Buying for a party? 5% off from 25 pieces, 10% off from 50 — ask for a bulk quote'),
  ).toBeVisible();
  // The enquiry comes pre-filled with the product and the bulk minimum of 20 pieces (decision 0080).
  await expect(shopper.getByRole('link', { name: 'ask for a bulk quote' })).toHaveAttribute(
    'href',
    `/bulk-orders?${new URLSearchParams({ product: product.name, quantity: '20' })}`,
  );
  await shopper.close();

  // The owner builds the quote: 50 pieces, priced by the server.
  await openAdminSection(admin, 'New quote');
  const form = admin.getByRole('form', { name: 'Bulk quote' });
  await form.getByLabel('Customer e-mail').fill(user.email);
  // The owner finds the product by name rather than by its ID.
  await form.getByLabel('Find a product by name').fill(product.name);
  await form
    .getByRole('list', { name: 'Matching products' })
    .getByRole('button', { name: `Add ${product.name} to the quote` })
    .click();
  await expect(form.getByLabel('Product ID (line 1)')).toHaveValue(String(product.id));
  await form.getByLabel('Quantity (line 1)').fill('50');
  // The line names what the ID stands for, tiers included.
  await expect(form.getByText(`${product.name} · `)).toContainText('5% off from 25 pieces, 10% off from 50');
  await form.getByLabel('Full Name').fill(DELIVERY_ADDRESS.fullName);
  await form.getByLabel('Address', { exact: true }).fill(DELIVERY_ADDRESS.address);
  await form.getByLabel('City').fill(DELIVERY_ADDRESS.city);
  await form.getByLabel('Postal Code').fill(DELIVERY_ADDRESS.postalCode);
  await form.getByLabel('Phone Number').fill(DELIVERY_ADDRESS.phone);
  const linePrice = `50 × ${formatPaise(unitPaise)} each (10% off ${formatInr(product.price)})`;
  await form.getByRole('button', { name: 'Preview prices' }).click();
  const preview = form.getByRole('region', { name: 'Quote preview' });
  await expect(preview).toContainText(linePrice);
  await expect(preview).toContainText(formatPaise(totalPaise));
  await form.getByRole('button', { name: 'Send quote' }).click();
  const sent = admin.getByRole('heading', { name: new RegExp(`^Quote RG-\\d+ sent to ${user.email}$`) });
  await expect(sent).toBeVisible();
  const link = await admin.getByRole('link', { name: /\/quote\// }).getAttribute('href');
  // Absolute, with the key that opens it before the customer signs in.
  expect(link).toMatch(/^https?:\/\/[^/]+\/quote\/[0-9a-f-]{36}\?key=[\w-]{32}$/);
  const orderNumber = (await sent.textContent())?.match(/RG-\d+/)?.[0] ?? '';
  // The back office's order list marks it as a quote.
  await admin.goto('/admin/orders');
  await expect(
    admin.getByRole('listitem').filter({ has: admin.getByRole('link', { name: `Order ${orderNumber}` }) }),
  ).toContainText('· Quote');
  await admin.context().close();

  // The customer finds it under My Orders, opens it signed in, sees the tier prices and pays.
  await customer.goto('/orders');
  await customer.getByRole('link', { name: `View and pay quote of order ${orderNumber}` }).click();
  await expect(customer).toHaveURL(new URL(link ?? '').pathname);
  await expect(customer.getByRole('heading', { level: 1, name: /^Your quote RG-\d+$/ })).toBeVisible();
  const items = customer.getByRole('region', { name: 'Items with bulk prices' });
  await expect(items).toContainText(product.name);
  await expect(items).toContainText(linePrice);
  await expect(items).toContainText(formatPaise(totalPaise));
  await payByUpi(customer, totalPaise / 100);

  await expect(customer).toHaveURL(/\/order-confirmation\//);
  await expect(customer.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await customer.goto('/orders');
  const card = customer.getByRole('article').filter({ hasText: product.name });
  await expect(card).toContainText('Payment Confirmed');
  await expect(card).toContainText(formatPaise(totalPaise));

  // The link now says plainly that it was paid.
  await customer.goto(new URL(link ?? '').pathname);
  await expect(customer.getByText('This quote has already been paid.')).toBeVisible();
  await customer.context().close();
});
