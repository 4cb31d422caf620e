import path from 'node:path';
import type { OrderRecord } from '../../src/shared/api/orders';
import { deliveryChoiceText } from '../../src/shared/delivery-slot-rules';
import { formatInr } from '../../src/shared/money';
import { addToCartSkippingAddOns } from './support/add-ons';
import { expect, test } from './support/fixtures';
import { nameOnTagReturnGift, payByUpi } from './support/store-api';

// One gift with everything gifting adds (SPEC's personalisation, delivery day and gift message), from
// the product page to the back office. The first day offered is today before 2 PM India time and tomorrow after it, so the journey
// takes whichever comes first and reads the order back for the words to expect.

const PHOTO = path.join(import.meta.dirname, 'fixtures', 'shopper-photo.png');
const MESSAGE = 'Happy 6th birthday, Aarav! Love from Dadi';

test('a personalised return gift with a name and photo, a delivery day and a hidden-price gift message reaches the back office', async ({
  request,
  newShopper,
  ownerPage: owner,
}) => {
  const product = await nameOnTagReturnGift(request);
  const lots = Math.max(product.minQuantity, 1);
  const subtotal = product.price * lots;
  const total = subtotal + (subtotal >= 1000 ? 0 : 50) + 199;

  // The shopper's saved address is in Bengaluru, where same-day and midnight delivery apply.
  const { token, page: shopper } = await newShopper('Priya');
  await shopper.goto(`/product/${product.slug}`);
  await shopper.getByRole('textbox', { name: 'Name on tag' }).fill('Aarav');
  await expect(shopper.getByTestId('personalisation-preview')).toHaveText('Aarav');
  await shopper.getByLabel(/^Photo \(JPEG or PNG/).setInputFiles(PHOTO);
  await expect(shopper.getByRole('img', { name: 'Your upload' })).toBeVisible();
  await addToCartSkippingAddOns(
    shopper,
    product.id,
    shopper.getByRole('button', { name: 'Add to Cart' }).first(),
  );
  await expect(shopper.getByText(`Added ${lots} to cart`).first()).toBeVisible();

  await shopper.goto('/checkout');
  await expect(shopper.getByRole('radio', { name: /Priya/ })).toBeChecked();
  const section = shopper.getByRole('region', { name: 'Delivery date' });
  await section.getByRole('group', { name: 'Choose a day' }).getByRole('radio').nth(1).check();
  await section.getByRole('radio', { name: 'Midnight delivery (11 PM - 11:59 PM) · ₹199 extra' }).check();
  await shopper.getByRole('checkbox', { name: 'This is a gift' }).check();
  await shopper.getByRole('textbox', { name: 'Gift message' }).fill(MESSAGE);
  await shopper.getByRole('checkbox', { name: 'Hide prices on the packing slip' }).check();
  await expect(shopper.getByRole('region', { name: 'Order Summary' })).toContainText(
    `Total${formatInr(total)}`,
  );
  await shopper.getByRole('button', { name: 'Proceed to Payment' }).click();

  await payByUpi(shopper, total);
  await expect(shopper.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const orderId = shopper.url().split('/').at(-1) ?? '';
  const read = await request.get(`/api/orders/${orderId}`, { headers: { authorization: `Bearer ${token}` } });
  const order = (await read.json()) as OrderRecord;
  expect(order.totalAmount).toBe(total);
  const { delivery } = order;
  if (!delivery) throw new Error('The order carries no delivery day');
  expect(delivery.slot).toBe('midnight');

  await owner.goto(`/admin/orders/${orderId}`);
  await expect(owner.getByText('Aarav', { exact: true })).toBeVisible();
  const photo = owner.getByRole('img', { name: 'Uploaded by the shopper' });
  await expect(photo).toBeVisible();
  await expect(photo).toHaveJSProperty('naturalWidth', 48);
  await expect(owner.getByText(`Delivery on ${deliveryChoiceText(delivery)}`)).toBeVisible();
  await expect(owner.getByRole('blockquote', { name: 'Gift message' })).toHaveText(MESSAGE);

  await owner.getByRole('link', { name: 'Packing slip' }).click();
  const slip = owner.getByRole('article', { name: 'Packing slip' });
  await expect(slip).toContainText('Name on tag:Aarav');
  await expect(slip.getByRole('img', { name: 'Uploaded by the shopper' })).toBeVisible();
  await expect(slip.getByRole('region', { name: 'Deliver on' })).toContainText(deliveryChoiceText(delivery));
  await expect(slip.getByRole('region', { name: 'Gift message' })).toContainText(MESSAGE);
  await expect(slip).not.toContainText('₹');
});
