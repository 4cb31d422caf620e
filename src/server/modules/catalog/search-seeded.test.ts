import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProductList } from '../../../shared/api/catalog';
import { seedDatabase } from '../../db/seed/index';
import { setUpTestStore } from '../../testing/test-store';

// Search on the demo catalogue as the seed writes it (rows inserted without the catalogue
// service): the vocabulary is built when the app starts.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-seed-'));
const store = setUpTestStore({ seed: (database) => seedDatabase(database, { dataDir }) });

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function search(text: string, extra = '') {
  const response = await store.app.inject(`/api/products?search=${encodeURIComponent(text)}${extra}`);
  expect(response.statusCode).toBe(200);
  return ProductList.parse(response.json());
}

describe('search on the demo catalogue', () => {
  it("finds the Chocolate Bouquet first for 'chocolat bouqet'", async () => {
    const { data, total } = await search('chocolat bouqet');
    expect(data[0]?.name).toBe('Chocolate Bouquet');
    expect(total).toBeGreaterThan(1);
    for (const product of data) expect(product.name.toLowerCase()).toContain('bouquet');
  });

  it('corrects a misspelt occasion and keeps to the asked category', async () => {
    const { data } = await search('diya', '&category=diwali-gifts&limit=5');
    expect(data.length).toBeGreaterThan(0);
    for (const product of data) expect(product.categoryData.slug).toBe('diwali-gifts');
    const typo = await search('brass dyia');
    expect(typo.data[0]?.name).toMatch(/brass diya/i);
  });
});
