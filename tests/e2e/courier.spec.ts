import fs from 'node:fs';
import type { TrackResponse } from '../../src/shared/api/courier';
import { expect, test } from './support/fixtures';
import { DELIVERY_ADDRESS, paidOrder, pickProduct } from './support/store-api';

// The owner ships a paid order with the sandbox courier and opens its label; the
// courier's clock (sped up in playwright.config.ts) delivers it, and the shopper's order page and
// the public /track page show the scans.

test('the owner ships a paid order, the sandbox courier delivers it, and the shopper and /track follow it', async ({
  page,
  request,
  ownerPage: owner,
  newShopper,
}) => {
  const product = await pickProduct(request, 30);
  const { token } = await newShopper('Nisha Verma', { address: false, on: page });
  const order = await paidOrder(request, token, [product]);

  await owner.goto(`/admin/orders/${order.orderId}`);
  const shipment = owner.getByRole('region', { name: 'Shipment' });
  await shipment.getByRole('button', { name: 'Ship' }).click();
  // The parcel from the products' figures, which the owner corrects as packed.
  const dialog = owner.getByRole('dialog', { name: `Ship order ${order.orderNumber}` });
  await dialog.getByRole('textbox', { name: 'Weight (g)' }).fill('450');
  await dialog.getByRole('button', { name: 'Book the courier' }).click();
  await expect(dialog).toBeHidden();
  await expect(shipment.getByText('Utsav Sandbox Express')).toBeVisible();
  await expect(shipment.getByText(/^SBX[0-9A-Z]{14}$/)).toBeVisible();

  // The label goes to the tab the click opens: a Chromium with its PDF viewer shows it there at a
  // blob: address; the headless shell the journeys run in has no viewer and saves it at once.
  let label = 'not opened';
  owner.once('popup', (tab) => {
    tab.once('download', async (download) => {
      const start = fs
        .readFileSync((await download.path()) ?? '')
        .subarray(0, 5)
        .toString('latin1');
      label = start === '%PDF-' ? 'saved as a PDF' : `saved, starting ${JSON.stringify(start)}`;
    });
    tab.on('framenavigated', (frame) => {
      if (frame === tab.mainFrame() && frame.url().startsWith('blob:')) label = 'shown at a blob: address';
    });
  });
  await shipment.getByRole('button', { name: 'Print label' }).click();
  await expect.poll(() => label).toMatch(/^(saved as a PDF|shown at a blob: address)$/);

  // The courier's scans arrive through the tracking webhook on its clock.
  await expect
    .poll(async () => {
      const answer = await request.get('/api/track', {
        params: { orderNumber: order.orderNumber, contact: DELIVERY_ADDRESS.phone },
      });
      return ((await answer.json()) as TrackResponse).order.status;
    })
    .toBe('delivered');

  await page.goto(`/order-confirmation/${order.orderId}`);
  const tracking = page.getByRole('region', { name: 'Tracking' });
  await expect(tracking.getByText('Utsav Sandbox Express')).toBeVisible();
  const scans = tracking.getByRole('list', { name: 'Tracking updates' }).getByRole('listitem');
  await expect(scans).toHaveCount(5);
  await expect(scans.first()).toContainText('Delivered');
  await expect(scans.last()).toContainText('Picked up');

  // A gift's recipient with the order number and the phone on it, not signed in.
  const recipient = await page.context().browser()!.newPage();
  await recipient.goto('/track');
  await expect(recipient.getByRole('heading', { level: 1, name: 'Track your order' })).toBeVisible();
  await recipient.getByLabel('Order number').fill(order.orderNumber);
  await recipient.getByLabel('Phone or e-mail on the order').fill(DELIVERY_ADDRESS.phone);
  await recipient.getByRole('button', { name: 'Track' }).click();
  const found = recipient.getByRole('region', { name: `Order ${order.orderNumber}` });
  await expect(found.getByText('Delivered').first()).toBeVisible();
  await expect(found.getByRole('list', { name: 'Tracking updates' }).getByRole('listitem')).toHaveCount(5);
  await expect(found).not.toContainText('₹');
  await recipient.close();
});

// A parcel the courier cannot deliver (the sandbox fails every first attempt at 400005)
// and nobody answers for: it goes back to the store (RTO), the order is returned, and its stock
// comes back exactly once, whatever scans arrive after.
test('a parcel nobody could take comes back to the store, and its stock is put back once', async ({
  page,
  request,
  ownerToken,
  newShopper,
}) => {
  const owner = { authorization: `Bearer ${ownerToken}` };
  const product = await pickProduct(request, 55, (candidate) => candidate.stock >= 10);
  const stockOf = async () =>
    ((await (await request.get(`/api/products/${product.id}`)).json()) as { product: { stock: number } })
      .product.stock;
  const before = await stockOf();
  const { token } = await newShopper('Rohan Kulkarni', { address: false, on: page });
  const order = await paidOrder(request, token, [product], {
    ...DELIVERY_ADDRESS,
    fullName: 'Rohan Kulkarni',
    address: '14 Cuffe Parade',
    city: 'Mumbai',
    postalCode: '400005',
  });
  expect(await stockOf()).toBe(before - 1);

  const shipped = await request.post(`/api/admin/orders/${order.orderId}/shipment`, { headers: owner });
  expect(shipped.status(), await shipped.text()).toBe(201);

  await expect
    .poll(
      async () => {
        const answer = await request.get('/api/track', {
          params: { orderNumber: order.orderNumber, contact: DELIVERY_ADDRESS.phone },
        });
        return ((await answer.json()) as TrackResponse).order.status;
      },
      { timeout: 30_000 },
    )
    .toBe('returned');
  // On the shelf again at once: the storefront's cached answer went with the return.
  expect(await stockOf()).toBe(before);

  await page.goto(`/order-confirmation/${order.orderId}`);
  const scans = page
    .getByRole('region', { name: 'Tracking' })
    .getByRole('list', { name: 'Tracking updates' })
    .getByRole('listitem');
  await expect(scans.first()).toContainText(/returned/i);
  await expect(page.getByRole('region', { name: 'Tracking' })).toContainText(
    'Address incomplete, landmark needed',
  );
  // Still once, after the shopper's page read the scans again.
  expect(await stockOf()).toBe(before);
});
