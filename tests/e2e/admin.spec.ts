import sharp from 'sharp';
import { formatInr } from '../../src/shared/money';
import { openAdminSection } from './support/admin-nav';
import { expect, test } from './support/fixtures';
import { paidOrder, pickProduct } from './support/store-api';

// The back office: the admin made by admin:create (playwright.config.ts) adds a product
// with a picture that shoppers then find, and moves a customer's paid order along to shipped.

const letters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

test('the admin adds a product with a picture and ships a paid order; shopper and customer see both', async ({
  page,
  request,
  ownerPage: admin,
  newShopper,
}) => {
  test.setTimeout(120_000);

  // Shoppers who are not admins see the refusal.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'You need an admin account' })).toBeVisible();

  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(admin.getByText("Today's revenue")).toBeVisible();

  // A new product with an uploaded image.
  const name = `Saffron Lantern ${letters()}`;
  await openAdminSection(admin, 'Products');
  await admin.getByRole('link', { name: 'New product' }).click();
  await admin.getByLabel('Name', { exact: true }).fill(name);
  await admin.getByLabel('Description', { exact: true }).fill('A hand-painted lantern for Diwali evenings.');
  await admin.getByLabel('Price (₹)').fill('1499');
  await admin.getByLabel('MRP (₹, incl. of all taxes)').fill('1999');
  await admin.getByLabel('Category', { exact: true }).selectOption({ index: 1 });
  await admin.getByLabel('Stock', { exact: true }).fill('25');
  // Its photo is added before the first save.
  const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#f97316' } })
    .png()
    .toBuffer();
  await admin
    .getByLabel('Add photos (JPEG, PNG or WebP, up to 5 MB each)')
    .setInputFiles({ name: 'lantern.png', mimeType: 'image/png', buffer: png });
  await expect(admin.getByText('Photo added.')).toBeVisible();
  await expect(admin.getByRole('img', { name: `${name} photo 1` })).toHaveAttribute(
    'src',
    /\/uploads\/products\/new-.+-600w\.webp$/,
  );
  await admin.getByRole('button', { name: 'Create product' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Edit product' })).toBeVisible();
  await expect(admin).toHaveURL(/\/admin\/products\/\d+$/);
  const productId = Number(admin.url().split('/').at(-1));
  await expect(admin.getByText('Main photo')).toBeVisible();

  // Shoppers find it on the storefront.
  await page.goto(`/products?search=${encodeURIComponent(name)}`);
  await expect(page.getByRole('link', { name }).first()).toBeVisible();
  // With its uploaded picture, offered at each stored width.
  const cardImage = page.getByRole('article').filter({ hasText: name }).locator('img').first();
  await expect(cardImage).toHaveAttribute('src', /\/uploads\/products\/new-.+-600w\.webp$/);
  await expect(cardImage).toHaveAttribute(
    'srcset',
    /-300w\.webp 300w, .+-400w\.webp 400w, .+-600w\.webp 600w$/,
  );
  await expect
    .poll(() => cardImage.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);

  // A customer orders it and pays through the sandbox provider (signature as its window makes it).
  const { token: customerToken, page: customer } = await newShopper('Meera Iyer', { address: false });
  const order = await paidOrder(request, customerToken, [{ id: productId, price: 1499 }]);

  // The admin finds the order and moves it along to shipped.
  await openAdminSection(admin, 'Orders');
  await admin.getByLabel('Order number, name, e-mail or phone').fill(order.orderNumber);
  await admin.getByLabel('Order number, name, e-mail or phone').press('Enter');
  await admin.getByRole('link', { name: `Order ${order.orderNumber}` }).click();
  await expect(admin.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();
  for (const step of ['Order Confirmed', 'Processing', 'Packed']) {
    await admin.getByRole('button', { name: `Mark as ${step}` }).click();
    await expect(admin.getByText(`Status: ${step}`)).toBeVisible();
  }
  // Without a shipment booked here (the owner's own courier), the owner moves the parcel's states;
  // a note reaches the customer only when the owner ticks it (decision 0065).
  await admin.getByLabel('Note (optional)').fill('Sent with BlueDart, AWB 12345');
  await admin.getByRole('checkbox', { name: 'Send this note to the customer' }).check();
  await admin.getByRole('button', { name: 'Mark as Shipped' }).click();
  await expect(admin.getByText('Status: Shipped')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Mark as Out for Delivery' })).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Mark as Cancelled' })).toHaveCount(0);

  // The status e-mail is in the outbox.
  await openAdminSection(admin, 'Outbox');
  await expect(admin.getByText(`Order ${order.orderNumber}: Shipped`)).toBeVisible();
  // Beside it, what the background jobs have waiting.
  await expect(admin.getByRole('table', { name: 'Background job queues' })).toBeVisible();

  // The customer sees it shipped in My Orders.
  await customer.goto('/orders');
  await expect(customer.getByText(order.orderNumber).first()).toBeVisible();
  await expect(customer.getByText('Shipped', { exact: true }).first()).toBeVisible();
});

test('the owner cancels a paid order after confirming the refund, and the sandbox shows the refund', async ({
  request,
  ownerPage: admin,
  newShopper,
}) => {
  // Cancelling a paid order refunds it through the payment provider.
  const product = await pickProduct(request, 3, (candidate) => candidate.price >= 1000);
  const { token } = await newShopper('Anjali Nair', { address: false });
  const order = await paidOrder(request, token, [product]);
  // From ₹1,000 shipping is free (SPEC 9), so the order's total is the product's price.
  const amount = formatInr(product.price);

  await admin.goto(`/admin/orders/${order.orderId}`);
  await expect(admin.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();
  await admin.getByRole('button', { name: 'Mark as Cancelled' }).click();
  const dialog = admin.getByRole('dialog', { name: `Cancel order ${order.orderNumber}?` });
  await expect(dialog).toContainText(`${amount} will be refunded to the customer's original payment method.`);
  await dialog.getByRole('button', { name: `Cancel and refund ${amount}` }).click();

  await expect(dialog).toBeHidden();
  await expect(admin.getByText('Status: Cancelled')).toBeVisible();
  const money = admin.getByRole('region', { name: 'Money' });
  await expect(money).toContainText('Refund for the cancelled order');
  await expect(money.getByRole('definition').last()).toHaveText('₹0');
  // The payment itself shows the refund.
  await expect(admin.getByText(new RegExp(`: refunded ${amount}`))).toBeVisible();

  // The provider (the sandbox) has made exactly that refund of the payment.
  const refunds = await request.get(`/sandbox/api/payments/${order.paymentId}/refunds`);
  expect(await refunds.json()).toMatchObject({
    count: 1,
    items: [{ payment_id: order.paymentId, amount: product.price * 100, status: 'processed' }],
  });
});
