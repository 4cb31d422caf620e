import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { createTestProduct } from '../../testing/order-fixtures';
import { setUpTestDatabase } from '../../testing/test-store';
import { catalogCollections } from '../collections';
import { createCatalogService } from './catalog-service';

// PGlite has no autovacuum: a catalogue loaded without the service (a restore) has no planner
// statistics until the catalogue is prepared, of its own tables and of those its listings and
// search read, which their owners gather (decision 0094).
const store = setUpTestDatabase();

/** Whether each table the listings and search read has planner statistics (reltuples is -1 until then). */
async function analysed() {
  return rowsOf<{ relname: string; analysed: boolean }>(
    await store.database.db.execute(sql`
      select relname, reltuples >= 0 as analysed from pg_class
      where relname in ('products', 'categories', 'collection_products', 'search_terms')
      order by relname`),
  );
}

describe('a catalogue loaded without the service', () => {
  it('has the statistics of products, categories, collections’ products and the vocabulary once prepared', async () => {
    await createTestProduct(store.database, { name: 'Brass Diya' });
    // Those of other owners have none yet (PostgreSQL's autovacuum may have seen products already).
    const before = await analysed();
    expect(before.filter((table) => ['collection_products', 'search_terms'].includes(table.relname))).toEqual(
      [
        { relname: 'collection_products', analysed: false },
        { relname: 'search_terms', analysed: false },
      ],
    );

    const db = store.database.db;
    await createCatalogService({ db, collections: catalogCollections(db) }).prepare();
    expect(await analysed()).toEqual([
      { relname: 'categories', analysed: true },
      { relname: 'collection_products', analysed: true },
      { relname: 'products', analysed: true },
      { relname: 'search_terms', analysed: true },
    ]);
  });
});
