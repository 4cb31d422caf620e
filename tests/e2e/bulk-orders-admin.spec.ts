import fs from 'node:fs';
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
