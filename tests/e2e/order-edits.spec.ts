import AxeBuilder from '@axe-core/playwright';
import { formatInr } from '../../src/shared/money';
import { expect, test } from './support/fixtures';
import { overflowProblems } from './support/page-layout';
import { paidOrder, pickProduct } from './support/store-api';

// Decision 0078: an order edited before it is booked with the courier. The shopper changes its
// address and phone from the order page; the owner removes one of its lines, refunded at once.

for (const [width, height, first] of [
  [1366, 900, 72],
  [360, 780, 74],
] as const) {
  test(`at ${width} px the shopper changes the address and phone, and the owner removes a line before dispatch`, async ({
    page,
    request,
    ownerPage: owner,
    newShopper,
  }) => {
    const lamp = await pickProduct(request, first);
    const diya = await pickProduct(request, first + 1);
    const { token } = await newShopper(`Kavya Joshi ${width}`, { address: false, on: page });
    const order = await paidOrder(request, token, [lamp, diya]);

    await page.setViewportSize({ width, height });
    await page.goto(`/order-confirmation/${order.orderId}`);
    await page.getByRole('button', { name: 'Change address or phone' }).click();
    const form = page.getByRole('dialog', { name: 'Change the delivery address' });
    await form.getByLabel('Address').fill('7 Shivaji Nagar, behind Shaniwar Wada');
    await form.getByLabel('City').fill('Pune');
    await form.getByLabel('Postal Code').fill('411001');
    await form.getByLabel('Phone Number').fill('9822012345');
    expect(await overflowProblems(page)).toEqual([]);
    const axe = await new AxeBuilder({ page })
      .include('dialog')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    await page.screenshot({ path: `test-results/order-address-change-${width}.png` });
    await form.getByRole('button', { name: 'Save new address' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Delivery address changed.' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Order Status' })).toContainText(
      'Delivery address changed by the customer to Pune 411001, phone 9822012345',
    );

    await owner.setViewportSize({ width, height });
    await owner.goto(`/admin/orders/${order.orderId}`);
    await owner.getByRole('button', { name: `Remove 1 x ${diya.name} from the order` }).click();
    const ask = owner.getByRole('alertdialog', { name: `Remove 1 x ${diya.name}?` });
    await expect(ask).toContainText('goes back to the customer’s original payment method at once');
    await owner.screenshot({ path: `test-results/order-line-remove-${width}.png` });
    await ask.getByRole('button', { name: 'Remove item' }).click();
    const timeline = owner.getByRole('heading', { name: 'Timeline' }).locator('..');
    await expect(timeline).toContainText(
      `1 x ${diya.name} removed from the order by the store: ${formatInr(diya.price)} refunded to your original payment method`,
    );
    await expect(owner.getByRole('button', { name: /^Remove 1 x / })).toHaveCount(0);
    expect(await overflowProblems(owner)).toEqual([]);
  });
}
