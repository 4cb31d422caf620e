import path from 'node:path';
import { addToCartSkippingAddOns } from './support/add-ons';
import { expect, test } from './support/fixtures';
import { nameOnTagReturnGift, payByUpi } from './support/store-api';

// A return gift personalised with a name and a photo, two names as two lines,
// paid in the sandbox, and shown with the photo in the back office and on the packing slip.

const PHOTO = path.join(import.meta.dirname, 'fixtures', 'shopper-photo.png');

test('a shopper personalises a return gift with two names and a photo; the back office shows them', async ({
  request,
  newShopper,
  ownerPage: owner,
}) => {
  const product = await nameOnTagReturnGift(request);
  const lots = Math.max(product.minQuantity, 1);
  const subtotal = product.price * lots * 2;
  const total = subtotal + (subtotal >= 1000 ? 0 : 50);

  const { page: shopper } = await newShopper('Lakshmi');
  await shopper.goto(`/product/${product.slug}`);
  const addToCart = shopper.getByRole('button', { name: 'Add to Cart' }).first();
  await expect(addToCart).toBeDisabled();
  await expect(shopper.getByText('Please enter Name on tag').first()).toBeVisible();

  const name = shopper.getByRole('textbox', { name: 'Name on tag' });
  await name.fill('Aarav');
  await expect(shopper.getByTestId('personalisation-preview')).toHaveText('Aarav');
  await expect(shopper.getByText('5/20 characters')).toBeVisible();
  await shopper.getByLabel(/^Photo \(JPEG or PNG/).setInputFiles(PHOTO);
  await expect(shopper.getByRole('img', { name: 'Your upload' })).toBeVisible();
  await addToCartSkippingAddOns(shopper, product.id, addToCart);
  await expect(shopper.getByText(`Added ${lots} to cart`).first()).toBeVisible();

  await name.fill('Diya');
  await expect(shopper.getByTestId('personalisation-preview')).toHaveText('Diya');
  await addToCart.click();

  await shopper.goto('/cart');
  const lines = shopper.getByRole('region', { name: 'Cart items' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('Name on tag:Aarav');
  await expect(lines.nth(1)).toContainText('Name on tag:Diya');
  await expect(lines.nth(0).getByRole('img', { name: 'Uploaded by the shopper' })).toBeVisible();

  await shopper.goto('/checkout');
  await expect(shopper.getByRole('radio', { name: /Lakshmi/ })).toBeChecked();
  const summary = shopper.getByRole('list', { name: 'Items in your order' });
  await expect(summary).toContainText('Name on tag:Aarav');
  await expect(summary).toContainText('Name on tag:Diya');
  await shopper.getByRole('button', { name: 'Proceed to Payment' }).click();
  await payByUpi(shopper, total);
  await expect(shopper.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const orderId = shopper.url().split('/').at(-1) ?? '';

  await owner.goto(`/admin/orders/${orderId}`);
  await expect(owner.getByText('Aarav', { exact: true })).toBeVisible();
  await expect(owner.getByText('Diya', { exact: true })).toBeVisible();
  // The photo stayed chosen while the name changed, so both lines carry it.
  const photos = owner.getByRole('img', { name: 'Uploaded by the shopper' });
  await expect(photos).toHaveCount(2);
  await expect(photos.first()).toBeVisible();
  await expect(photos.first()).toHaveJSProperty('naturalWidth', 48);
  await expect(owner.getByRole('link', { name: /Open photo/ }).first()).toHaveAttribute(
    'href',
    /^\/uploads\/personalisations\/[a-f0-9]{32}\.webp$/,
  );

  await owner.getByRole('link', { name: 'Packing slip' }).click();
  const slip = owner.getByRole('article', { name: 'Packing slip' });
  await expect(slip).toContainText('Name on tag:Aarav');
  await expect(slip).toContainText('Name on tag:Diya');
  await expect(slip.getByRole('img', { name: 'Uploaded by the shopper' })).toHaveCount(2);
  await expect(slip.getByRole('img', { name: 'Uploaded by the shopper' }).first()).toBeVisible();
});
