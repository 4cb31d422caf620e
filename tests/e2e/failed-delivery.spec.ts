import type { AdminOrderDetail } from '../../src/shared/api/admin';
import { expect, test } from './support/fixtures';
import { keepPicture } from './support/pictures';
import { DELIVERY_ADDRESS, paidOrder, pickProduct } from './support/store-api';

// Decision 0065: the owner answers a failed delivery with the courier's own NDR action. At 411001
// the sandbox courier fails the first attempt for want of a landmark and holds the parcel a real
// day for the answer, whatever its sped-up clock; a new attempt with a landmark delivers it.

// Each width's journey makes its own order and waits on the sandbox courier's clock most of its
// time, with nothing left behind for the other: they run on two workers at once, not one after
// the other at the end of the run.
test.describe.configure({ mode: 'parallel' });

for (const width of [1366, 360]) {
  test(`the owner answers a failed delivery with a new attempt and a landmark, at ${width} px`, async ({
    page,
    request,
    ownerPage: owner,
    ownerToken,
    newShopper,
  }) => {
    await owner.setViewportSize({ width, height: width === 360 ? 780 : 768 });
    const product = await pickProduct(request, width === 360 ? 62 : 63);
    const { token } = await newShopper('Kavya Joshi', { address: false, on: page });
    const order = await paidOrder(request, token, [product], {
      ...DELIVERY_ADDRESS,
      fullName: 'Kavya Joshi',
      address: '7 Shivaji Nagar',
      city: 'Pune',
      postalCode: '411001',
    });
    const shipped = await request.post(`/api/admin/orders/${order.orderId}/shipment`, {
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    expect(shipped.status(), await shipped.text()).toBe(201);
    // The owner's view of the order: the public /api/track allows an address only a few reads,
    // which the journeys before this one on the same store may have used up.
    const orderStatus = async () => {
      const answer = await request.get(`/api/admin/orders/${order.orderId}`, {
        headers: { authorization: `Bearer ${ownerToken}` },
      });
      expect(answer.status(), await answer.text()).toBe(200);
      return ((await answer.json()) as AdminOrderDetail).order.status;
    };
    await expect.poll(orderStatus, { timeout: 30_000 }).toBe('failed_delivery');

    await owner.goto(`/admin/orders/${order.orderId}`);
    // The store's own buttons for the courier's states are gone.
    await expect(owner.getByText(/The courier's scans move it from here/)).toBeVisible();
    await expect(owner.getByRole('button', { name: /^Mark as/ })).toHaveCount(0);
    const failed = owner.getByRole('region', { name: 'Delivery failed: answer the courier' });
    await expect(failed).toContainText('Address incomplete, landmark needed');
    await failed.getByLabel('Landmark (optional)').fill('Behind Shaniwar Wada, blue gate');
    await keepPicture(owner, `failed-delivery-${width}.png`, { fullPage: true });
    await failed.getByRole('button', { name: 'Ask for a new attempt' }).click();
    await expect(failed.getByRole('status')).toContainText('landmark Behind Shaniwar Wada, blue gate');
    await keepPicture(owner, `failed-delivery-answered-${width}.png`, { fullPage: true });

    // The courier tries again with the landmark and delivers; the timeline shows the answer.
    await expect.poll(orderStatus, { timeout: 30_000 }).toBe('delivered');
    await owner.reload();
    const timeline = owner.getByRole('heading', { name: 'Timeline' }).locator('..');
    await expect(timeline).toContainText('A new delivery attempt is arranged for');
    await expect(timeline).toContainText('Internal: New attempt on');
  });
}
