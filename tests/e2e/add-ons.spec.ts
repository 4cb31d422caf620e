import type { OrderRecord } from '../../src/shared/api/orders';
import { formatInr } from '../../src/shared/money';
import { appStarted } from './support/app-start';
import { axeOn } from './support/axe';
import { expect, test } from './support/fixtures';
import { overflowProblems } from './support/page-layout';
import { payByUpi, pickProduct } from './support/store-api';

// Decision 0079 with decision 0073: on a 360 px phone a shopper adds a gift, ticks the greeting
// card the step offers (nothing ticked for them), sees it as a line of its own, chooses a
// fixed-time slot and pays; the owner's packing slip writes the gift message in the card.
test.use({ viewport: { width: 360, height: 780 } });

const MESSAGE = 'Happy anniversary, Asha! Love, Ravi';
const CARD = 'Greeting Card with Your Message';

test('a gift with a greeting card from the add-on step, a fixed-time slot and a message the slip writes in the card', async ({
  request,
  newShopper,
  ownerPage: owner,
}) => {
  const gift = await pickProduct(
    request,
    0,
    (product) => product.categoryData.slug === 'festive-hampers' && !product.tags.includes('add-on'),
  );
  const subtotal = gift.price + 99;
  const total = subtotal + (subtotal >= 1000 ? 0 : 50) + 149;

  const { token, page: shopper } = await newShopper('Ravi');
  await shopper.goto(`/product/${gift.slug}`);
  await appStarted(shopper);
  await shopper.getByRole('main').getByRole('button', { name: 'Add to Cart' }).first().click();

  const step = shopper.getByRole('dialog', { name: 'Make it special' });
  const card = step.getByRole('checkbox', { name: new RegExp(CARD) });
  await expect(card).not.toBeChecked();
  for (const box of await step.getByRole('checkbox').all()) await expect(box).not.toBeChecked();
  // The step fits every width the layout walk measures, back at 360 px for the rest.
  for (const size of [
    { width: 390, height: 844 },
    { width: 414, height: 896 },
    { width: 1366, height: 768 },
    { width: 360, height: 780 },
  ]) {
    await shopper.setViewportSize(size);
    expect({ size, problems: await overflowProblems(shopper) }).toEqual({ size, problems: [] });
  }
  const axe = await axeOn(shopper)
    .include('dialog')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  await card.check();
  await step.getByRole('button', { name: `Add 1 to cart (${formatInr(99)})` }).click();
  await expect(step).toBeHidden();

  await shopper.goto('/cart');
  const lines = shopper.getByRole('region', { name: 'Cart items' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: CARD })).toContainText(formatInr(99));
  expect(await overflowProblems(shopper)).toEqual([]);

  await shopper.goto('/checkout');
  await expect(shopper.getByRole('radio', { name: /Ravi/ })).toBeChecked();
  const section = shopper.getByRole('region', { name: 'Delivery date' });
  await section.getByRole('group', { name: 'Choose a day' }).getByRole('radio').nth(1).check();
  await section.getByRole('radio', { name: 'Fixed time (7 PM - 9 PM) · ₹149 extra' }).check();
  await shopper.getByRole('checkbox', { name: 'This is a gift' }).check();
  await shopper.getByRole('textbox', { name: 'Gift message' }).fill(MESSAGE);
  const summary = shopper.getByRole('region', { name: 'Order Summary' });
  await expect(summary).toContainText(CARD);
  await expect(summary).toContainText(`Total${formatInr(total)}`);
  await shopper.getByRole('button', { name: 'Proceed to Payment' }).click();

  await payByUpi(shopper, total);
  await expect(shopper.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const orderId = shopper.url().split('/').at(-1) ?? '';
  const read = await request.get(`/api/orders/${orderId}`, { headers: { authorization: `Bearer ${token}` } });
  const order = (await read.json()) as OrderRecord;
  expect(order.totalAmount).toBe(total);
  expect(order.items.map((item) => [item.product.name, item.product.addOnKind])).toEqual([
    [gift.name, null],
    [CARD, 'greeting_card'],
  ]);
  expect(order.fees.map((fee) => [fee.label, fee.amount])).toContainEqual(['Fixed time delivery', 149]);

  await owner.goto(`/admin/orders/${orderId}`);
  await owner.getByRole('link', { name: 'Packing slip' }).click();
  const slip = owner.getByRole('article', { name: 'Packing slip' });
  const cardLine = slip.getByRole('row').filter({ hasText: CARD });
  await expect(cardLine).toContainText('Write in the card:');
  await expect(cardLine).toContainText(MESSAGE);
  await expect(slip.getByRole('region', { name: 'Gift message' })).toHaveCount(0);
});
