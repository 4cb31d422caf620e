import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { parseCsv } from '../../src/server/csv';
import type { Invoice } from '../../src/shared/api/invoices';
import { indiaDateOf } from '../../src/shared/india-time';
import { toPaise } from '../../src/shared/money';
import { openAdminSection } from './support/admin-nav';
import { expect, test } from './support/fixtures';
import { DELIVERY_ADDRESS, paidOrder, pickProduct } from './support/store-api';

// GST that files: after a few paid orders the owner downloads the month's sales register from the
// back office's Reports, and its invoice totals move by exactly those orders' invoices, in paise.

type Totals = { documents: number; value: number; taxable: number; igst: number; cgst: number; sgst: number };

/** The summary table's 'invoices' row of a register, in paise. */
function invoiceTotals(csv: string): Totals {
  const records = parseCsv(csv);
  const start = records.findIndex((record) => record.length === 1 && record[0] === 'summary');
  const header = records[start + 1] ?? [];
  const row = records.slice(start + 2).find((record) => record[0] === 'invoices') ?? [];
  const cell = (column: string) => row[header.indexOf(column)] ?? '';
  return {
    documents: Number(cell('Documents')),
    value: toPaise(Number(cell('Value'))),
    taxable: toPaise(Number(cell('Taxable Value'))),
    igst: toPaise(Number(cell('Integrated Tax Amount'))),
    cgst: toPaise(Number(cell('Central Tax Amount'))),
    sgst: toPaise(Number(cell('State/UT Tax Amount'))),
  };
}

async function registerNow(request: APIRequestContext, token: string, month: string) {
  const response = await request.get(`/api/admin/reports/sales-register.csv?month=${month}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return response.text();
}

test('the owner exports the month’s sales register and its totals equal the invoices’', async ({
  request,
  ownerPage: owner,
  ownerToken,
  newShopper,
}) => {
  test.setTimeout(90_000);
  const month = indiaDateOf(new Date()).slice(0, 7);
  const before = invoiceTotals(await registerNow(request, ownerToken, month));

  // Three paid orders: two in Karnataka (CGST + SGST), one to Delhi (IGST).
  const { token } = await newShopper('Farah Khan', { address: false });
  const delhi = { ...DELIVERY_ADDRESS, city: 'New Delhi', postalCode: '110001', state: 'Delhi' };
  const orders = [
    await paidOrder(request, token, [await pickProduct(request, 0)], {
      ...DELIVERY_ADDRESS,
      state: 'Karnataka',
    }),
    await paidOrder(request, token, [await pickProduct(request, 1), await pickProduct(request, 2)]),
    await paidOrder(request, token, [await pickProduct(request, 3)], delhi),
  ];
  const invoices: Invoice[] = [];
  for (const order of orders) {
    const response = await request.get(`/api/orders/${order.orderId}/invoice`, {
      headers: { authorization: `Bearer ${token}` },
    });
    invoices.push((await response.json()) as Invoice);
  }
  expect(invoices.map((invoice) => invoice.intraState)).toEqual([true, true, false]);

  await owner.goto('/admin');
  await openAdminSection(owner, 'Reports');
  await expect(owner.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await owner.getByLabel('Month').fill(month);
  const downloading = owner.waitForEvent('download');
  await owner.getByRole('button', { name: 'Download sales register' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`sales-register-${month}.csv`);
  await expect(owner.getByText(`Sales register of ${month} downloaded.`)).toBeVisible();
  const after = invoiceTotals(fs.readFileSync((await download.path()) ?? '', 'utf8'));

  const sum = (pick: (invoice: Invoice) => number) =>
    invoices.reduce((total, invoice) => total + toPaise(pick(invoice)), 0);
  expect({
    documents: after.documents - before.documents,
    value: after.value - before.value,
    taxable: after.taxable - before.taxable,
    igst: after.igst - before.igst,
    cgst: after.cgst - before.cgst,
    sgst: after.sgst - before.sgst,
  }).toEqual({
    documents: 3,
    value: sum((invoice) => invoice.totals.total),
    taxable: sum((invoice) => invoice.totals.taxableValue),
    igst: sum((invoice) => invoice.totals.igst),
    cgst: sum((invoice) => invoice.totals.cgst),
    sgst: sum((invoice) => invoice.totals.sgst),
  });
});
