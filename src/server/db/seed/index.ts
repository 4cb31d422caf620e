// Seeds an empty database with the demo catalogue and the pincode directory (DESIGN 1: `npm start`
// on a fresh clone serves a complete store). Only empty parts are seeded, so it runs on every
// start and is a no-op once the data is there.
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import type { DeclarationOverridesValue } from '../../../shared/legal-metrology-terms';
import { slugWithId } from '../../../shared/slug';
import { createLocalImageStorage, type ImageStorage } from '../../storage/image-storage';
import { type Db, type Queryable, rowsOf, type Tx } from '../client';
import {
  categories,
  collectionProducts,
  collections,
  deliverySlots,
  pincodes,
  products,
  reviews,
  users,
} from '../schema';
import { addOnPictures, DEMO_ADD_ONS } from './add-ons';
import { type Composition, compositionStem, pictureKey, storeArtwork } from './artwork';
import { insertRowsAsJson } from './bulk-insert';
import {
  CATALOGUE_BASE_DATE,
  type CategorySeed,
  type CollectionSeed,
  createCollectionPicker,
  DEFAULT_PRODUCT_COUNT,
  DEMO_REVIEWERS,
  generateCategories,
  generateCollections,
  generateProducts,
  type ProductSeed,
  searchTextOf,
} from './catalogue';
import { DEMO_DELIVERY_SLOTS } from './delivery-slots';
import { insertPincodes, loadPincodeDirectory } from './pincodes';

export type SeedProgress = { step: string; done: number; total: number };

type SeedOptions = {
  /** DATA_DIR: without `storage`, artwork goes to `<dataDir>/uploads/products/...`. */
  dataDir: string;
  /** Where the pictures go: the store's image storage (local folder or S3-compatible bucket). */
  storage?: ImageStorage;
  /** Products to generate when the catalogue is empty. */
  products?: number;
  onProgress?: (progress: SeedProgress) => void;
  /** Pictures drawn by an earlier seed, to copy instead of drawing again (test runs). */
  artworkCacheDir?: string;
};

/** Rows added by this call; `skipped` when there was nothing to seed. */
/**
 * Demo HSN codes and GST rates of the seeded categories (basis points), printed on tax
 * invoices; the owner corrects them in the back office. Others get the column defaults. Rates as
 * the schedule in force since 22 September 2025 has them for each HSN code; the source of each is
 * in decision 0059's table.
 */
export const CATEGORY_TAX: Readonly<Record<string, { hsnCode: string; gstRateBp: number }>> = {
  'birthday-return-gifts': { hsnCode: '9503', gstRateBp: 500 },
  'kids-party-favours': { hsnCode: '9503', gstRateBp: 500 },
  'wedding-favours': { hsnCode: '7418', gstRateBp: 500 },
  housewarming: { hsnCode: '6913', gstRateBp: 500 },
  'pooja-essentials': { hsnCode: '7418', gstRateBp: 500 },
  'diwali-gifts': { hsnCode: '3406', gstRateBp: 500 },
  rakhi: { hsnCode: '5609', gstRateBp: 500 },
  'baby-shower': { hsnCode: '6111', gstRateBp: 500 },
  'corporate-gifts': { hsnCode: '4820', gstRateBp: 1800 },
  'personalised-gifts': { hsnCode: '4911', gstRateBp: 1800 },
  'festive-hampers': { hsnCode: '2106', gstRateBp: 500 },
  'thank-you-gifts': { hsnCode: '4909', gstRateBp: 1800 },
};

/**
 * Decision 0059, Legal Metrology rule 6(10): every seeded category's declarations. The demo store
 * packs what it sells (its own name and address as packer, as config.ts defaults them); products
 * add their generic name, net quantity and what else applies (catalogue.ts).
 */
const CATEGORY_DECLARATIONS: DeclarationOverridesValue = {
  makerRole: 'packer',
  makerName: 'Utsav Gifts Private Limited',
  makerAddress: '12 MG Road, Ashok Nagar, Bengaluru, Karnataka 560001',
  countryOfOrigin: 'India',
};

/** Decision 0059: the demo shoppers' accounts: no password and no phone, so nobody signs in as one. */
export const DEMO_REVIEWER_PREFIX = 'demo-reviewer-';
const DEMO_NAMES = ['Ananya', 'Rahul', 'Priya', 'Arjun', 'Kavya', 'Vikram', 'Meera', 'Rohan'];
const demoReviewerRows = () =>
  Array.from({ length: DEMO_REVIEWERS }, (_, index) => ({
    username: `${DEMO_REVIEWER_PREFIX}${index + 1}`,
    fullName: `${DEMO_NAMES[index % DEMO_NAMES.length]} (demo)`,
  }));

export type SeedSummary = {
  categories: number;
  products: number;
  collections: number;
  pincodes: number;
  skipped: boolean;
};

const PRODUCT_CHUNK = 1000;
const DEFER_SEARCH_INDEXES_FROM = 10_000;

// Two instances starting together against one PostgreSQL must not both seed: each seeding
// transaction takes this lock, then checks again that its table is still empty.
const CATALOGUE_LOCK = 7_242_026_001;
const PINCODE_LOCK = 7_242_026_002;

export async function isCatalogueEmpty(db: Queryable): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).limit(1);
  return rows.length === 0;
}

async function isPincodeDirectoryEmpty(db: Queryable): Promise<boolean> {
  const rows = await db.select({ pincode: pincodes.pincode }).from(pincodes).limit(1);
  return rows.length === 0;
}

async function lock(tx: Tx, key: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(key))})`);
}

/**
 * Planner statistics for freshly loaded tables. PGlite has no autovacuum, so without this the
 * planner guesses, and on a large catalogue it picks sequential scans over the search indexes.
 */
async function analyze(db: Db, tables: readonly string[], onProgress: SeedOptions['onProgress']) {
  for (const [index, table] of tables.entries()) {
    onProgress?.({ step: 'statistics', done: index, total: tables.length });
    await db.execute(sql`analyze ${sql.identifier(table)}`);
  }
  onProgress?.({ step: 'statistics', done: tables.length, total: tables.length });
}

/** Takes `amount` ids from a table's identity sequence, so slugs can carry the id at insert. */
async function reserveIds(tx: Tx, table: 'products' | 'collections', amount: number): Promise<number[]> {
  const result = await tx.execute(
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${amount}::int)`,
  );
  return rowsOf<{ id: number }>(result).map((row) => row.id);
}

/** Drops the GIN indexes of products and returns their definitions, to be run again later. */
async function dropSearchIndexes(tx: Tx): Promise<string[]> {
  const indexes = rowsOf<{ name: string; definition: string }>(
    await tx.execute(
      sql`select indexname as name, indexdef as definition from pg_indexes
          where schemaname = current_schema() and tablename = 'products' and indexdef ilike '% using gin %'`,
    ),
  );
  for (const index of indexes) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
  return indexes.map((index) => index.definition);
}

export async function seedDatabase(database: { db: Db }, options: SeedOptions): Promise<SeedSummary> {
  const { db } = database;
  const summary: SeedSummary = { categories: 0, products: 0, collections: 0, pincodes: 0, skipped: true };

  const storage = storageOf(options);
  const pictures = createPictureList(storage);
  const seeded = (await isCatalogueEmpty(db))
    ? await db.transaction(async (tx) => {
        await lock(tx, CATALOGUE_LOCK);
        // Another instance may have seeded while this one waited for the lock.
        if (!(await isCatalogueEmpty(tx))) return null;
        return seedCatalogue(tx, pictures, options);
      })
    : null;

  // The pictures are drawn by sharp on libuv's threads while the database work goes on.
  const cacheDir = options.artworkCacheDir;
  const drawing = seeded
    ? storeArtwork(storage, pictures.all(), { cacheDir })
    : restoreMissingArtwork(db, storage, cacheDir);
  const databaseWork = async () => {
    if (seeded) {
      Object.assign(summary, seeded);
      await analyze(db, ['categories', 'products', 'collections', 'collection_products'], options.onProgress);
    }
    if (await isPincodeDirectoryEmpty(db)) {
      const rows = loadPincodeDirectory();
      summary.pincodes = await db.transaction(async (tx) => {
        await lock(tx, PINCODE_LOCK);
        if (!(await isPincodeDirectoryEmpty(tx))) return 0;
        return insertPincodes(tx, rows, { onProgress: options.onProgress });
      });
      if (summary.pincodes > 0) await analyze(db, ['pincodes'], options.onProgress);
    }
  };
  await Promise.all([drawing, databaseWork()]);

  summary.skipped = summary.categories + summary.products + summary.collections + summary.pincodes === 0;
  return summary;
}

const storageOf = (options: SeedOptions) =>
  options.storage ?? createLocalImageStorage(path.join(options.dataDir, 'uploads'));

/**
 * The distinct pictures the seeded rows name, each once (a few hundred, however many products),
 * and the path each is shown at once it is drawn.
 */
function createPictureList(storage: ImageStorage) {
  const pictures = new Map<string, Composition>();
  return {
    pathOf(composition: Composition): string {
      pictures.set(compositionStem(composition), composition);
      return storage.pathOf(pictureKey(composition));
    },
    all: () => pictures.values(),
  };
}
type PictureList = ReturnType<typeof createPictureList>;

const scenesOf = (seeds: readonly (CategorySeed | CollectionSeed)[]) => seeds.map((seed) => seed.picture);

async function seedCatalogue(
  tx: Tx,
  shelf: PictureList,
  { products: productCount = DEFAULT_PRODUCT_COUNT, onProgress }: SeedOptions,
) {
  if (!Number.isInteger(productCount) || productCount < 1) {
    throw new Error(`products must be a positive whole number, not ${productCount}`);
  }

  const categorySeeds = generateCategories();
  const collectionSeeds = generateCollections();
  onProgress?.({ step: 'categories', done: 0, total: categorySeeds.length });
  // Categories an admin created before any product stay as they are (the slug is unique).
  const insertedCategories = await tx
    .insert(categories)
    .values(
      categorySeeds.map(({ picture, ...category }) => ({
        ...category,
        image: shelf.pathOf(picture),
        ...CATEGORY_TAX[category.slug],
        declarations: CATEGORY_DECLARATIONS,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: categories.id });
  const categoryIds = new Map(
    (await tx.select({ id: categories.id, slug: categories.slug }).from(categories)).map((row) => [
      row.slug,
      row.id,
    ]),
  );
  onProgress?.({ step: 'categories', done: categorySeeds.length, total: categorySeeds.length });

  // A large catalogue loads faster when its GIN (search) indexes are built once at the end rather
  // than updated row by row: 100,000 products take about half the time. The drop is part of this
  // transaction, so a failed seed leaves the indexes as they were.
  const deferredIndexes = productCount >= DEFER_SEARCH_INDEXES_FROM ? await dropSearchIndexes(tx) : [];

  // Decision 0059: the demo shoppers whose reviews the ratings are computed from.
  await tx.insert(users).values(demoReviewerRows()).onConflictDoNothing();
  const reviewerIds = (
    await tx
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(sql`${users.username} like ${`${DEMO_REVIEWER_PREFIX}%`}`)
  ).reduce((ids, row) => {
    ids[Number(row.username.slice(DEMO_REVIEWER_PREFIX.length)) - 1] = row.id;
    return ids;
  }, [] as number[]);

  const picker = createCollectionPicker(collectionSeeds);
  const productIds = new Int32Array(productCount);
  let chunk: ProductSeed[] = [];
  let done = 0;
  onProgress?.({ step: 'products', done, total: productCount });

  const flush = async () => {
    const ids = await reserveIds(tx, 'products', chunk.length);
    const rows = chunk.map((product, index) => {
      const id = ids[index]!;
      productIds[product.ordinal] = id;
      return {
        id,
        name: product.name,
        slug: slugWithId(product.name, id),
        description: product.description,
        image: shelf.pathOf(product.pictures[0]!),
        images: product.pictures.slice(1).map(shelf.pathOf),
        pricePaise: product.pricePaise,
        mrpPaise: product.mrpPaise,
        categoryId: categoryIds.get(product.categorySlug)!,
        tags: product.tags,
        stock: product.stock,
        allowPreOrder: product.allowPreOrder,
        minQuantity: product.minQuantity,
        featured: product.featured,
        rating: product.rating,
        ratingCount: product.ratingCount,
        declarations: product.declarations,
        archived: false,
        personalisation: product.personalisation,
        ...(product.packed ?? {}),
        searchText: product.searchText,
        createdAt: product.createdAt,
        updatedAt: product.createdAt,
      };
    });
    await insertRowsAsJson(tx, products, rows, { overridingSystemValue: true });
    await insertRowsAsJson(
      tx,
      reviews,
      chunk.flatMap((product) =>
        product.reviews.map((review) => ({
          productId: productIds[product.ordinal]!,
          userId: reviewerIds[review.reviewer]!,
          rating: review.rating,
          text: review.text,
          demo: true,
          createdAt: review.createdAt,
        })),
      ),
    );
    done += chunk.length;
    chunk = [];
    onProgress?.({ step: 'products', done, total: productCount });
  };

  for (const product of generateProducts(productCount)) {
    picker.consider(product);
    chunk.push(product);
    if (chunk.length === PRODUCT_CHUNK) await flush();
  }
  if (chunk.length > 0) await flush();

  for (const [index, definition] of deferredIndexes.entries()) {
    onProgress?.({ step: 'search indexes', done: index, total: deferredIndexes.length });
    await tx.execute(sql.raw(definition));
  }
  if (deferredIndexes.length > 0) {
    onProgress?.({ step: 'search indexes', done: deferredIndexes.length, total: deferredIndexes.length });
  }

  await seedAddOns(tx, shelf, categoryIds);

  onProgress?.({ step: 'collections', done: 0, total: collectionSeeds.length });
  const collectionIds = await reserveIds(tx, 'collections', collectionSeeds.length);
  await tx
    .insert(collections)
    .overridingSystemValue()
    .values(
      collectionSeeds.map((collection, index) => ({
        id: collectionIds[index]!,
        name: collection.name,
        slug: slugWithId(collection.name, collectionIds[index]!),
        description: collection.description,
        image: shelf.pathOf(collection.picture),
        featured: collection.featured,
        sortOrder: collection.sortOrder,
        createdAt: collection.createdAt,
      })),
    );
  const memberships = picker.members().flatMap((ordinals, index) =>
    ordinals.map((ordinal, position) => ({
      collectionId: collectionIds[index]!,
      productId: productIds[ordinal]!,
      position,
    })),
  );
  await insertRowsAsJson(tx, collectionProducts, memberships);
  onProgress?.({ step: 'collections', done: collectionSeeds.length, total: collectionSeeds.length });

  // Decision 0073: the demo's timed slots, unless the owner made slots before the catalogue.
  if ((await tx.$count(deliverySlots)) === 0) await tx.insert(deliverySlots).values([...DEMO_DELIVERY_SLOTS]);

  return {
    categories: insertedCategories.length,
    products: productCount + DEMO_ADD_ONS.length,
    collections: collectionSeeds.length,
  };
}

/** Decision 0079: the demo add-ons, each offered with its gift categories. */
async function seedAddOns(tx: Tx, shelf: PictureList, categoryIds: ReadonlyMap<string, number>) {
  const ids = await reserveIds(tx, 'products', DEMO_ADD_ONS.length);
  const categoryNames = new Map(generateCategories().map((category) => [category.slug, category.name]));
  await tx
    .insert(products)
    .overridingSystemValue()
    .values(
      DEMO_ADD_ONS.map((addOn, index) => {
        const id = ids[index]!;
        const [main, ...more] = addOnPictures(addOn);
        return {
          id,
          name: addOn.name,
          slug: slugWithId(addOn.name, id),
          description: addOn.description,
          image: main ? shelf.pathOf(main) : '',
          images: more.map(shelf.pathOf),
          pricePaise: addOn.pricePaise,
          mrpPaise: addOn.mrpPaise,
          categoryId: categoryIds.get(addOn.categorySlug)!,
          tags: [...addOn.tags],
          stock: addOn.stock,
          hsnCode: addOn.hsnCode,
          gstRateBp: addOn.gstRateBp,
          declarations: {},
          addOnKind: addOn.kind,
          addOnCategoryIds: addOn.offeredWith.flatMap((slug) => categoryIds.get(slug) ?? []),
          searchText: searchTextOf({
            name: addOn.name,
            tags: addOn.tags,
            categoryName: categoryNames.get(addOn.categorySlug) ?? '',
            description: addOn.description,
          }),
          createdAt: CATALOGUE_BASE_DATE,
          updatedAt: CATALOGUE_BASE_DATE,
        };
      }),
    );
}

/**
 * Pictures live in the image storage, but the rows that point at them may live in a shared
 * PostgreSQL: an instance started on a new machine (local storage) against a seeded database
 * renders the missing pictures again, never one that is there.
 */
async function restoreMissingArtwork(db: Db, storage: ImageStorage, cacheDir: string | undefined) {
  const [first] = scenesOf(generateCategories());
  if (!first || (await storeArtwork(storage, [first], { onlyMissing: true, cacheDir })) === 0) return;
  const [row] = await db.select({ total: count() }).from(products);
  function* everyPicture() {
    yield* scenesOf(generateCategories());
    yield* scenesOf(generateCollections());
    for (const product of generateProducts(Math.max(0, (row?.total ?? 0) - DEMO_ADD_ONS.length)))
      yield* product.pictures;
    for (const addOn of DEMO_ADD_ONS) yield* addOnPictures(addOn);
  }
  await storeArtwork(storage, everyPicture(), { onlyMissing: true, cacheDir });
  await renameEarlierArtwork(db);
}

// A catalogue seeded before pictures had a 400 px copy names them `art-{hash}-{width}.webp`; the
// pictures just drawn are `art-{hash}-{width}w.webp` (shared/product-images.ts), so the rows name
// those, which also exist on a new data folder.
const EARLIER_ARTWORK = String.raw`^(/(?:uploads|media)/products/art-[a-f0-9]+-[0-9]+)\.webp$`;
const renamed = (column: string) => sql.raw(`regexp_replace(${column}, '${EARLIER_ARTWORK}', '\\1w.webp')`);

async function renameEarlierArtwork(db: Db) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`update categories set image = ${renamed('image')} where image ~ ${EARLIER_ARTWORK}`);
    await tx.execute(
      sql`update collections set image = ${renamed('image')} where image ~ ${EARLIER_ARTWORK}`,
    );
    await tx.execute(sql`
      update products
      set image = ${renamed('image')},
          images = array(select ${renamed('picture')} from unnest(images) as picture)
      where image ~ ${EARLIER_ARTWORK}`);
  });
}
