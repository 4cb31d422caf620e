import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct, AdminProductList, ImportReport } from '../../../shared/api/admin';
import { TIER_MESSAGES } from '../../../shared/quantity-pricing';
import { parseCsv } from '../../csv';
import { categories } from '../../db/schema';
import { setUpTestStore } from '../../testing/test-store';
import { PRODUCT_CSV_COLUMNS } from './product-csv';

const store = setUpTestStore({ env: { BACKGROUND_JOBS: 'false' }, admin: true });

beforeAll(async () => {
  await store.database.db.insert(categories).values([
    { name: 'Return Gifts', slug: 'return-gifts' },
    { name: 'Pooja Items', slug: 'pooja-items' },
  ]);
});

const importCsv = (text: string) =>
  store.app.inject({
    method: 'POST',
    url: '/api/admin/products/import',
    headers: { ...store.admin.headers, 'content-type': 'text/csv' },
    payload: text,
  });

const findProduct = async (q: string) =>
  (
    await store.app.inject({ url: '/api/admin/products', query: { q }, headers: store.admin.headers })
  ).json<AdminProductList>().data[0] as AdminProduct;

describe('product CSV import and export', () => {
  it('creates new rows, changes rows with an id and reports bad rows by line', async () => {
    const first = await importCsv(
      [
        'name,description,price,mrp,category,tags,stock,allowPreOrder,minQuantity,featured,archived',
        'Brass Kumkum Box,"Small, shiny ""kumkum"" box",149.5,199,Pooja Items,pooja|brass,40,false,2,yes,false',
        'Jute Potli,,0,,return-gifts,,10,false,1,false,false',
        'Mystery Gift,,99,99,No Such Category,,1,false,1,false,false',
        'Wooden Top,,79,99,return-gifts,toys,15,maybe,1,false,false',
        'Clay Diya,,49,,return-gifts,diwali,30,false,1,false,false',
        '',
      ].join('\r\n'),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<ImportReport>()).toEqual({
      created: 1,
      updated: 0,
      errors: [
        { row: 3, message: 'price: Price must be more than ₹0' },
        { row: 4, message: 'category: no such category' },
        { row: 5, message: expect.stringContaining('allowPreOrder') },
        // Decision 0059: no product without its MRP.
        { row: 6, message: 'mrp: Enter the MRP in rupees (the maximum retail price on the pack)' },
      ],
    });
    const kumkum = await findProduct('Kumkum');
    expect(kumkum).toMatchObject({
      description: 'Small, shiny "kumkum" box',
      price: 149.5,
      mrp: 199,
      categoryName: 'Pooja Items',
      tags: ['pooja', 'brass'],
      stock: 40,
      minQuantity: 2,
      featured: true,
    });

    const second = await importCsv(`id,stock,price\r\n${kumkum.id},7,159\r\n999999,1,10\r\n`);
    expect(second.json<ImportReport>()).toEqual({
      created: 0,
      updated: 1,
      errors: [{ row: 3, message: 'Product not found' }],
    });
    expect(await findProduct('Kumkum')).toMatchObject({ stock: 7, price: 159, mrp: 199 });
  });

  it('sets, changes and clears bulk discount tiers, refusing tiers written wrongly or out of order', async () => {
    const created = await importCsv(
      'name,price,mrp,category,stock,quantityTiers\r\nThank-you Tags,20,25,return-gifts,500,10:5|50:10%\r\n',
    );
    expect(created.json<ImportReport>()).toEqual({ created: 1, updated: 0, errors: [] });
    const tags = await findProduct('Thank-you Tags');
    expect(tags.quantityTiers).toEqual([
      { minQuantity: 10, percentOff: 5 },
      { minQuantity: 50, percentOff: 10 },
    ]);

    const refused = await importCsv(
      [
        'id,quantityTiers',
        `${tags.id},10 pieces 5 off`,
        `${tags.id},50:10|10:5`,
        `${tags.id},10:95`,
        '',
      ].join('\r\n'),
    );
    expect(refused.json<ImportReport>()).toEqual({
      created: 0,
      updated: 0,
      errors: [
        {
          row: 2,
          message:
            "quantityTiers: write each tier as pieces:percent off, with | between tiers, e.g. 10:5|50:10 (found '10 pieces 5 off')",
        },
        { row: 3, message: `quantityTiers: ${TIER_MESSAGES.ascending}` },
        { row: 4, message: `quantityTiers.0.percentOff: ${TIER_MESSAGES.percent}` },
      ],
    });
    expect((await findProduct('Thank-you Tags')).quantityTiers).toHaveLength(2);

    const cleared = await importCsv(`id,quantityTiers\r\n${tags.id},\r\n`);
    expect(cleared.json<ImportReport>()).toEqual({ created: 0, updated: 1, errors: [] });
    expect((await findProduct('Thank-you Tags')).quantityTiers).toEqual([]);
  });

  it('refuses a file with unknown columns or broken quoting as a whole', async () => {
    const unknown = await importCsv('name,colour\r\nDiya,red\r\n');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('Unknown columns: colour');
    const broken = await importCsv('name,price\r\n"Diya,10\r\n');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toContain('not valid CSV');
  });

  it('exports every product in the columns the import reads, and a re-import changes nothing', async () => {
    await importCsv(
      'name,description,price,mrp,category,tags,quantityTiers\r\n"=HYPERLINK(""http://x"")","Line one\nline two",50,60,return-gifts,a|b,25:5|100:12\r\n',
    );
    const exported = await store.app.inject({
      url: '/api/admin/products/export.csv',
      headers: store.admin.headers,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.headers['content-disposition']).toContain('products.csv');
    const [header, ...rows] = parseCsv(exported.body);
    expect(header).toEqual([...PRODUCT_CSV_COLUMNS]);
    const formula = rows.find((row) => row[1]?.includes('HYPERLINK'));
    expect(formula?.[1]).toBe('\'=HYPERLINK("http://x")');
    expect(formula?.[2]).toBe('Line one\nline two');

    const before = (
      await store.app.inject({ url: '/api/admin/products', headers: store.admin.headers })
    ).json<AdminProductList>();
    const again = await importCsv(exported.body);
    expect(again.json<ImportReport>()).toEqual({ created: 0, updated: rows.length, errors: [] });
    const after = (
      await store.app.inject({ url: '/api/admin/products', headers: store.admin.headers })
    ).json<AdminProductList>();
    const comparable = (list: AdminProductList) =>
      list.data.map(({ updatedAt: _updated, ...product }) => product);
    expect(comparable(after)).toEqual(comparable(before));
  });
});
