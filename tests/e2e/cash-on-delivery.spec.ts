import type { AdminDashboard } from '../../src/shared/api/admin';
import type { AdminMessages } from '../../src/shared/api/messaging';
import type { OrderRecord } from '../../src/shared/api/orders';
import { formatInr } from '../../src/shared/money';
import type { OwnerSettingsResponse } from '../../src/shared/owner-settings';
import { openAdminSection } from './support/admin-nav';
import { expect, test } from './support/fixtures';
import { holdRequests } from './support/held-requests';
import { keepPicture } from './support/pictures';
import { pickProduct } from './support/store-api';

// Decision 0042: the owner turns cash on delivery on in Settings; a shopper verifies their mobile
// with a one-time code on the payment page, places a COD order (no payment window), the owner
// ships it, and the sandbox courier (sped up in playwright.config.ts) delivers it: it becomes paid.

test('a shopper with a verified mobile pays cash on delivery, and the order is paid once the courier delivers it', async ({
  page,
  request,
  ownerPage: owner,
  ownerToken,
  newShopper,
}) => {
  test.setTimeout(120_000);
  const headers = { authorization: `Bearer ${ownerToken}` };
  const { settings: before } = (await (
    await request.get('/api/admin/settings', { headers })
  ).json()) as OwnerSettingsResponse;
  // The narrowest phone the store is made for.
  await page.setViewportSize({ width: 360, height: 780 });
  await owner.setViewportSize({ width: 360, height: 780 });
  try {
    await owner.goto('/admin');
    await openAdminSection(owner, 'Settings');
    const offer = owner.getByRole('checkbox', { name: 'Offer cash on delivery' });
    await expect(offer).not.toBeChecked();
    await offer.check();
    await expect(owner.getByLabel('COD fee (₹)')).toHaveValue('49');
    await expect(owner.getByLabel('Maximum order value (₹)')).toHaveValue('3000');
    await keepPicture(owner.getByRole('group', { name: 'Cash on delivery' }), 'cod-settings-360.png');
    await owner.getByRole('button', { name: 'Save settings' }).click();
    await expect(owner.getByText('Saved. The store uses these values now.')).toBeVisible();

    const product = await pickProduct(request, 12, (item) => item.price < 2000);
    const { token } = await newShopper('Farah Sheikh', { on: page });
    await page.goto(`/products?search=${encodeURIComponent(product.name)}`);
    await page.getByRole('button', { name: `Add ${product.name} to cart`, exact: true }).click();
    await expect(page.getByRole('group', { name: `Quantity of ${product.name} in cart` })).toBeVisible();
    await page.goto('/checkout');
    await expect(page.getByRole('radio', { name: /Farah Sheikh/ })).toBeChecked();
    // The cart's answer held back a moment, as on a slow network: the choice holds its place
    // meanwhile, greyed, so the answer moves nothing above it.
    const answer = await holdRequests(page, '**/api/payments/cod-eligibility');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Complete Your Payment' })).toBeVisible();
    const cod = page.getByRole('radio', { name: /Cash on delivery/ });
    await expect(page.getByText('Checking whether this order can be paid on delivery...')).toBeVisible();
    await expect(cod).toBeDisabled();
    // Measured once the heading font is in, so that only the answer could move it.
    await page.evaluate(() => document.fonts.ready);
    const choiceWhileHeld = await cod.boundingBox();
    await keepPicture(page, 'cod-checking-360.png', { fullPage: true });
    answer.release();

    // Without a verified mobile, cash on delivery is shown with why, and the code form.
    await expect(
      page.getByText('Verify your mobile number with a one-time code to pay cash on delivery.'),
    ).toBeVisible();
    await expect(cod).toBeDisabled();
    expect(await cod.boundingBox()).toEqual(choiceWhileHeld);
    await page.unroute('**/api/payments/cod-eligibility');
    await keepPicture(page, 'cod-payment-360.png', { fullPage: true });
    const phone = `7${String(Date.now()).slice(-9)}`;
    await page.getByRole('button', { name: 'Add mobile number' }).click();
    await page.getByRole('textbox', { name: 'Mobile number' }).fill(phone);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText(/We sent a 6-digit code by SMS to/)).toBeVisible();
    const messages = (await (await request.get('/api/admin/messages', { headers })).json()) as AdminMessages;
    const code = messages.data.find((message) => message.to === phone && message.template === 'otp');
    await page.getByLabel('Code').fill(code?.params[0] ?? '');
    await page.getByRole('button', { name: 'Verify number' }).click();

    const shipping = product.price >= 1000 ? 0 : 50;
    const toCollect = product.price + shipping + 49;
    await expect(cod).toBeEnabled();
    await cod.check();
    await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText(
      `Total${formatInr(toCollect)}`,
    );
    await keepPicture(page, 'cod-chosen-360.png', { fullPage: true });
    await page.getByRole('button', { name: `Place order: pay ${formatInr(toCollect)} on delivery` }).click();

    await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
    await expect(
      page.getByText(`please keep ${formatInr(toCollect)} ready for the courier (includes the ₹49 COD fee).`),
    ).toBeVisible();
    const orderId = page.url().split('/').at(-1)?.split('?')[0] ?? '';

    await owner.goto(`/admin/orders/${orderId}`);
    const shipment = owner.getByRole('region', { name: 'Shipment' });
    await shipment.getByRole('button', { name: 'Ship' }).click();
    // The parcel as the products make it; the owner books it unchanged.
    const dialog = owner.getByRole('dialog', { name: /^Ship order RG-/ });
    await dialog.getByRole('button', { name: 'Book the courier' }).click();
    await expect(dialog).toBeHidden();
    await expect(shipment.getByText(/^SBX[0-9A-Z]{14}$/)).toBeVisible();

    // The courier's delivery scan makes it paid: the cash was collected at the door.
    await expect
      .poll(
        async () => {
          const answer = await request.get(`/api/orders/${orderId}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          const order = (await answer.json()) as OrderRecord;
          return [order.status, order.paidAt !== null, order.cashOnDelivery?.collected];
        },
        { timeout: 30_000 },
      )
      .toEqual(['delivered', true, true]);
    await page.reload();
    await expect(page.getByText(`${formatInr(toCollect)} paid in cash to the courier.`)).toBeVisible();
    await keepPicture(page, 'cod-confirmation-360.png', { fullPage: true });

    const dashboard = await request.get('/api/admin/dashboard', { headers });
    // Decision 0067: collected at the door, the cash is with the courier until it remits it.
    expect(((await dashboard.json()) as AdminDashboard).work.codWithCourier).toBeGreaterThanOrEqual(
      toCollect,
    );
    await owner.goto('/admin');
    await expect(owner.getByText('COD cash with the courier')).toBeVisible();
    await expect(owner.getByText('COD remitted, last 30 days')).toBeVisible();
    await keepPicture(owner, 'cod-dashboard-360.png', { fullPage: true });
  } finally {
    // The other journeys expect the configured settings.
    const restored = await request.put('/api/admin/settings', { headers, data: before });
    expect(restored.ok()).toBe(true);
  }
});
