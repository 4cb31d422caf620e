import fs from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { expect, test } from './support/fixtures';
import { paidOrder, pickProduct, registerCustomer } from './support/store-api';

// Issue 26 "Bulk work": the owner chooses 20 paid orders, marks them packed in one action and prints
// one PDF of their packing slips and invoices. The orders are placed through the API.

const ORDERS = 20;

test('the owner marks 20 paid orders packed in one action and prints one PDF of their slips', async ({
  request,
  ownerPage: admin,
}) => {
  test.setTimeout(120_000);
  const surname = `Bulkbuyer${Date.now().toString(36)}`;
  const token = await registerCustomer(request, `Nisha ${surname}`);
  const product = await pickProduct(request, 52, (candidate) => candidate.stock >= ORDERS + 5);
  for (let count = 0; count < ORDERS; count += 1) await paidOrder(request, token, [product]);

  await admin.goto('/admin/orders');
  await admin.getByLabel('Order number, name, e-mail or phone').fill(surname);
  await admin.getByLabel('Order number, name, e-mail or phone').press('Enter');
  await expect(admin.getByRole('checkbox', { name: /^Choose order / })).toHaveCount(ORDERS);

  await admin.getByRole('checkbox', { name: 'Select all on this page' }).check();
  const bar = admin.getByRole('region', { name: `${ORDERS} orders chosen` });
  await bar.getByLabel('Move to').selectOption('packed');
  await bar.getByRole('button', { name: `Mark ${ORDERS} orders as Packed` }).click();
  await expect(bar.getByRole('status')).toHaveText(`Moved ${ORDERS} orders to Packed.`);
  await expect(admin.getByRole('listitem').filter({ hasText: 'Packed' })).toHaveCount(ORDERS);

  const download = admin.waitForEvent('download');
  await bar.getByRole('button', { name: 'Print slips and invoices (PDF)' }).click();
  const pdf = fs.readFileSync((await (await download).path()) ?? '');
  expect((await download).suggestedFilename()).toBe(`orders-${ORDERS}-slips-and-invoices.pdf`);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  // A slip and an invoice for each order.
  expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(ORDERS * 2);
});

// Issue 24 with the bulk work: the chosen paid orders are booked with the courier in one action,
// each showing its AWB, and their labels print as one PDF, a page per order.
test('the owner ships 3 paid orders at once, sees their AWBs and prints one PDF of their labels', async ({
  request,
  ownerPage: admin,
}) => {
  test.setTimeout(90_000);
  const SHIPPED = 3;
  const surname = `Shipbuyer${Date.now().toString(36)}`;
  const token = await registerCustomer(request, `Ravi ${surname}`);
  const product = await pickProduct(request, 53, (candidate) => candidate.stock >= SHIPPED + 5);
  for (let count = 0; count < SHIPPED; count += 1) await paidOrder(request, token, [product]);

  await admin.goto('/admin/orders');
  await admin.getByLabel('Order number, name, e-mail or phone').fill(surname);
  await admin.getByLabel('Order number, name, e-mail or phone').press('Enter');
  await expect(admin.getByRole('checkbox', { name: /^Choose order / })).toHaveCount(SHIPPED);
  await admin.getByRole('checkbox', { name: 'Select all on this page' }).check();
  const bar = admin.getByRole('region', { name: `${SHIPPED} orders chosen` });

  await bar.getByRole('button', { name: `Ship ${SHIPPED} orders` }).click();
  await expect(bar.getByRole('status').filter({ hasText: 'Shipped' })).toContainText(
    `Shipped ${SHIPPED} orders.`,
  );
  const booked = bar.getByRole('list', { name: 'Shipments booked' }).getByRole('listitem');
  await expect(booked).toHaveCount(SHIPPED);
  for (const row of await booked.all())
    await expect(row).toContainText(/AWB SBX[0-9A-Z]{14} with Utsav Sandbox Express/);

  const download = admin.waitForEvent('download');
  await bar.getByRole('button', { name: 'Print labels (PDF)' }).click();
  expect((await download).suggestedFilename()).toBe(`labels-${SHIPPED}.pdf`);
  const labels = await PDFDocument.load(fs.readFileSync((await (await download).path()) ?? ''));
  expect(labels.getPageCount()).toBe(SHIPPED);
});
