import { expect, test } from './support/fixtures';
import { payByUpi, pickProduct } from './support/store-api';

// A gift message with hidden prices, from checkout to the back office's packing slip.

const MESSAGE = 'Happy Diwali, Nisha! Wishing you light and sweets. With love, Kabir';

test('a shopper sends a gift message with hidden prices; the packing slip and the gift e-mail show no amounts', async ({
  request,
  newShopper,
  ownerPage: owner,
}) => {
  // Past the products the checkout and after-sale journeys take, with stock to spare.
  const product = await pickProduct(request, 30, (candidate) => candidate.stock >= 5);
  const total = product.price + (product.price >= 1000 ? 0 : 50);
  const recipient = `nisha.${Date.now()}@example.com`;

  const { page: shopper } = await newShopper('Kabir');
  await shopper.goto(`/products?search=${encodeURIComponent(product.name)}`);
  await shopper.getByRole('button', { name: `Add ${product.name} to cart`, exact: true }).click();
  await shopper.goto('/checkout');
  await expect(shopper.getByRole('radio', { name: /Kabir/ })).toBeChecked();

  await shopper.getByRole('checkbox', { name: 'This is a gift' }).check();
  await shopper.getByRole('textbox', { name: 'Gift message' }).fill(MESSAGE);
  await expect(shopper.getByText(`${MESSAGE.length}/250 characters`)).toBeVisible();
  await shopper.getByRole('checkbox', { name: 'Hide prices on the packing slip' }).check();
  await shopper.getByRole('textbox', { name: "Recipient's e-mail (optional)" }).fill(recipient);
  await shopper.getByRole('button', { name: 'Proceed to Payment' }).click();

  await payByUpi(shopper, total);

  await expect(shopper.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(shopper.getByRole('blockquote', { name: 'Gift message' })).toHaveText(MESSAGE);
  await expect(shopper.getByText('Gift · Prices hidden')).toBeVisible();
  const orderId = shopper.url().split('/').at(-1) ?? '';

  await owner.goto(`/admin/orders/${orderId}`);
  await expect(owner.getByRole('blockquote', { name: 'Gift message' })).toHaveText(MESSAGE);
  await owner.getByRole('link', { name: 'Packing slip' }).click();
  const slip = owner.getByRole('article', { name: 'Packing slip' });
  await expect(slip).toContainText(product.name);
  await expect(slip).toContainText('7, Residency Road');
  await expect(slip.getByRole('region', { name: 'Gift message' })).toContainText(MESSAGE);
  await expect(slip).not.toContainText('₹');

  // Decision 0014: the recipient hears when it ships, not when it is paid.
  await owner.goto(`/admin/orders/${orderId}`);
  for (const step of ['Order Confirmed', 'Processing', 'Packed', 'Shipped']) {
    await owner.getByRole('button', { name: `Mark as ${step}` }).click();
    await expect(owner.getByText(`Status: ${step}`)).toBeVisible();
  }

  // The recipient's "A gift is on its way", in the store's outbox: the message, and no amounts.
  await owner.goto('/admin/outbox');
  const mail = owner.getByRole('listitem').filter({ hasText: `To ${recipient}` });
  await mail.getByText('A gift is on its way').click();
  await expect(mail).toContainText('Wishing you light and sweets.');
  await expect(mail).toContainText(`1 x ${product.name}`);
  await expect(mail).not.toContainText('₹');
});
