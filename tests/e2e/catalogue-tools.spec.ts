import { expect, test } from './support/fixtures';
import { keepPicture } from './support/pictures';

// Decision 0077: the owner's catalogue tools, on a phone and on a desktop: an automatic collection
// made by a rule, the CSV import's help and the photos-by-SKU panel.

test('at 360 px the owner makes a collection of diyas under ₹300 by a rule, and deletes it', async ({
  ownerPage: admin,
}) => {
  await admin.setViewportSize({ width: 360, height: 740 });
  const name = `Diyas under 300 ${Date.now().toString(36)}`;
  await admin.goto('/admin/collections');
  await admin.getByRole('button', { name: 'New collection' }).click();
  await admin.getByLabel('Collection name').fill(name);
  await admin.getByRole('radio', { name: 'Automatically, by a rule' }).check();
  await admin.getByLabel('Tag').fill('diya');
  await admin.getByLabel('Price up to (₹)').fill('299');
  await keepPicture(admin, 'rule-collection-360.png', { fullPage: true });
  await admin.getByRole('button', { name: 'Create collection' }).click();

  const row = admin.getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('Automatic');
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = admin.getByRole('alertdialog', { name: `Delete ${name}?` });
  await dialog.getByRole('button', { name: 'Delete the collection' }).click();
  await expect(admin.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
});

test('at 1366 px the CSV import lists every column and the photos panel says how to name them', async ({
  ownerPage: admin,
}) => {
  await admin.setViewportSize({ width: 1366, height: 900 });
  await admin.goto('/admin/products');
  await admin.getByText('Import or export CSV').click();
  const columns = admin.getByLabel('CSV columns');
  for (const column of ['id', 'quantityTiers', 'sku', 'gstRate', 'manufacturedMonth'])
    await expect(columns.getByText(column, { exact: true })).toBeVisible();
  await admin.getByText('Photos from a zip, by SKU').click();
  await expect(admin.getByLabel('Zip of photos')).toBeVisible();
  await keepPicture(admin, 'catalogue-tools-1366.png', { fullPage: true });
  await admin.goto('/admin/coupons');
  await expect(admin.getByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible();
  await keepPicture(admin, 'coupons-1366.png', { fullPage: true });
});
