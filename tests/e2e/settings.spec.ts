import type { OwnerSettingsResponse } from '../../src/shared/owner-settings';
import { openAdminSection } from './support/admin-nav';
import { expect, test } from './support/fixtures';

// The owner changes the shipping fee in the back office's Settings, without a restart,
// and a shopper's next quote uses it. (That a second instance on the same database quotes it at
// once is the API test src/server/modules/settings/settings.test.ts: two buildApp instances.)

test('the owner changes the shipping fee in Settings and a shopper is quoted the new fee at once', async ({
  page,
  request,
  ownerPage: owner,
  ownerToken,
}) => {
  const headers = { authorization: `Bearer ${ownerToken}` };
  const { settings: before } = (await (
    await request.get('/api/admin/settings', { headers })
  ).json()) as OwnerSettingsResponse;
  try {
    await owner.goto('/admin');
    await openAdminSection(owner, 'Settings');
    await expect(owner.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const fee = owner.getByLabel('Shipping fee (₹)');
    await expect(fee).toHaveValue(String(before.shippingFee));

    // The shared rule refuses a negative fee in the form; nothing is sent.
    await fee.fill('-3');
    await owner.getByRole('button', { name: 'Save settings' }).click();
    await expect(owner.getByText('Shipping fee cannot be negative')).toBeVisible();
    await expect(fee).toBeFocused();

    await fee.fill('65');
    await owner.getByRole('button', { name: 'Save settings' }).click();
    await expect(owner.getByText('Saved. The store uses these values now.')).toBeVisible();
    await expect(owner.getByText(`Shipping fee (₹): ₹${before.shippingFee} → ₹65`)).toBeVisible();

    // A shopper checks delivery to a far pincode on a product page: the new fee, no restart.
    const products = (await (await page.request.get('/api/products?limit=1')).json()) as {
      data: { slug: string; name: string }[];
    };
    const product = products.data[0]!;
    await page.goto(`/product/${product.slug}`);
    const checker = page.getByRole('region', { name: 'Check delivery' });
    await expect(checker.getByLabel('Pincode')).toBeEditable();
    await checker.getByLabel('Pincode').fill('110001');
    await checker.getByRole('button', { name: 'Check' }).click();
    await expect(checker.getByText('₹65 shipping charge')).toBeVisible();
  } finally {
    // The other journeys expect the configured fee.
    const restored = await request.put('/api/admin/settings', { headers, data: before });
    expect(restored.ok()).toBe(true);
  }
});
