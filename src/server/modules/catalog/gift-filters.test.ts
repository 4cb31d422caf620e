import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductList } from '../../../shared/api/catalog';
import type { Database } from '../../db/client';
import { categories, products } from '../../db/schema';
import { insertPincodes, loadPincodeDirectory } from '../../db/seed/pincodes';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// Decision 0070: the listing's gift filters, on the real India Post directory. 560001 is in the
// origin's district (Bengaluru, same-day before 2 PM India time); 110001 (New Delhi) is not.
const clock = createTestClock('2026-03-10T10:00:00+05:30');
const store = setUpTestStore({ clock, seed: seedDirectoryAndProducts });

async function seedDirectoryAndProducts(database: Database) {
  await insertPincodes(database.db, loadPincodeDirectory());
  const [category] = await database.db
    .insert(categories)
    .values({ name: 'Gifts', slug: 'gifts' })
    .returning({ id: categories.id });
  const product = (name: string, stock: number, tags: string[], extra: object = {}) => ({
    name,
    slug: name.toLowerCase().replaceAll(' ', '-'),
    pricePaise: 49_900,
    mrpPaise: 49_900,
    categoryId: category!.id,
    stock,
    tags,
    ...extra,
  });
  await database.db.insert(products).values([
    product('Brass Diya Set of 4', 10, ['diwali', 'for-couples']),
    product('Mini Chocolate Bouquet', 4, ['birthday', 'for-her']),
    product('Kids Rakhi', 8, ['rakhi', 'for-kids']),
    // Sold out, on pre-order: it ships in the pre-order window, never today.
    product('Silk Potli Bag', 0, ['birthday', 'for-her'], { allowPreOrder: true }),
    // Sold by six, with three left: no order of it can be sent today.
    product('Jute Potli Bag', 3, ['birthday', 'for-her', 'for-guests'], { minQuantity: 6 }),
    product('Old Lamp', 5, ['diwali'], { archived: true }),
  ]);
}

async function names(query: string): Promise<string[]> {
  const response = await store.app.inject(`/api/products?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const list: ProductList = response.json();
  expect(list.total).toBe(list.data.length);
  return list.data.map((product) => product.name).sort();
}

describe('GET /api/products gift filters', () => {
  beforeAll(() => clock.set('2026-03-10T10:00:00+05:30'));

  it('returns only products deliverable today at 560001 before the 2 PM cut-off', async () => {
    clock.set('2026-03-10T10:00:00+05:30');
    expect(await names('delivery=today&pincode=560001')).toEqual([
      'Brass Diya Set of 4',
      'Kids Rakhi',
      'Mini Chocolate Bouquet',
    ]);
  });

  it('returns nothing for today at 560001 from 2 PM, while the midnight slot still has them', async () => {
    clock.set('2026-03-10T14:00:00+05:30');
    expect(await names('delivery=today&pincode=560001&sort=price')).toEqual([]);
    expect(await names('delivery=midnight&pincode=560001')).toEqual([
      'Brass Diya Set of 4',
      'Kids Rakhi',
      'Mini Chocolate Bouquet',
    ]);
  });

  it('returns nothing for today or midnight at 110001, outside the same-day area', async () => {
    clock.set('2026-03-10T10:00:00+05:30');
    expect(await names('delivery=today&pincode=110001')).toEqual([]);
    expect(await names('delivery=midnight&pincode=110001')).toEqual([]);
  });

  it('filters by occasion and recipient, each a tag, and with the delivery filter together', async () => {
    clock.set('2026-03-10T10:00:00+05:30');
    expect(await names('occasion=birthday&recipient=for-her')).toEqual([
      'Jute Potli Bag',
      'Mini Chocolate Bouquet',
      'Silk Potli Bag',
    ]);
    expect(await names('occasion=birthday&recipient=for-her&delivery=today&pincode=560001')).toEqual([
      'Mini Chocolate Bouquet',
    ]);
    expect(await names('recipient=for-kids')).toEqual(['Kids Rakhi']);
    expect(await names('occasion=diwali&maxPrice=499')).toEqual(['Brass Diya Set of 4']);
  });

  it.each([
    ['delivery=today', 'Choose a delivery pincode to see what delivers today or at midnight'],
    ['delivery=tomorrow&pincode=560001', 'delivery must be one of today, midnight'],
    ['delivery=today&pincode=56OO01', 'pincode must be 6 digits'],
    ['occasion=christmas', 'occasion must be one of'],
    ['recipient=for-dogs', 'recipient must be one of'],
  ])('refuses %s with a 400 that says why', async (query, message) => {
    const response = await store.app.inject(`/api/products?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
  });
});
