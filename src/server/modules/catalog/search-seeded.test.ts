import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductList } from '../../../shared/api/catalog';
import type { Database } from '../../db/client';
import { seedDatabase } from '../../db/seed/index';
import { createTestApp } from '../../testing/test-app';
import { createTestDatabase } from '../../testing/test-database';

// Search on the demo catalogue as the seed writes it (rows inserted without the catalogue
// service): the vocabulary is built when the app starts.
let database: Database;
let app: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-seed-'));
  await seedDatabase(database, { dataDir });
  app = await createTestApp(database);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function search(text: string, extra = '') {
  const response = await app.inject(`/api/products?search=${encodeURIComponent(text)}${extra}`);
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
