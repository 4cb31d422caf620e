// Changes to the catalogue: categories, products (archiving included) and collections. Each keeps
// search's index in step and then drops every cached figure, so the next read sees the change.
import { eq, sql } from 'drizzle-orm';
import type { AddOnKind } from '../../../shared/add-ons';
import type { CollectionRule } from '../../../shared/api/admin';
import type { Category, CollectionSummary } from '../../../shared/api/catalog';
import type { DeclarationOverrides } from '../../../shared/legal-metrology';
import type { Paise } from '../../../shared/money';
import type { PersonalisationConfig } from '../../../shared/personalisation-rules';
import type { QuantityTier } from '../../../shared/quantity-pricing';
import { slugify, slugWithId } from '../../../shared/slug';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { type CatalogProduct, type CatalogReader, collectionSummaryOf, productsByIds } from './catalog-rows';
import { refreshOriginCountry } from './product-declarations';
import { refreshSearchText } from './search-text';
import { categories, collectionProducts, collections, products } from './tables';

/** What catalogue writes need: a reader to answer with, and the drop of every cached figure. */
export type CatalogWriter = CatalogReader & { invalidate: () => Promise<void> };

export type NewCategory = {
  name: string;
  slug?: string;
  description?: string;
  image?: string;
  sortOrder?: number;
};

export type NewProduct = {
  name: string;
  categoryId: number;
  pricePaise: Paise;
  /** Decision 0059: every product has its maximum retail price, at least its price. */
  mrpPaise: Paise;
  description?: string;
  image?: string;
  images?: string[];
  tags?: string[];
  stock?: number;
  allowPreOrder?: boolean;
  minQuantity?: number;
  quantityTiers?: QuantityTier[];
  featured?: boolean;
  rating?: number;
  ratingCount?: number;
  archived?: boolean;
  personalisation?: PersonalisationConfig | null;
  /** Decision 0079: its kind when it is an add-on, and the categories whose gifts offer it. */
  addOnKind?: AddOnKind | null;
  addOnCategoryIds?: number[];
  sku?: string | null;
  hsnCode?: string | null;
  gstRateBp?: number | null;
  /** Decision 0059: its own rate is a retired GST slab the owner has yet to re-rate. */
  gstRateToConfirm?: boolean;
  /** Decision 0059: the product's own Legal Metrology declarations (over its category's). */
  declarations?: DeclarationOverrides;
  /** The packed parcel; null = the category's default. */
  weightGrams?: number | null;
  lengthCm?: number | null;
  breadthCm?: number | null;
  heightCm?: number | null;
  createdAt?: Date;
};

export type ProductChanges = Partial<NewProduct>;

export type NewCollection = {
  name: string;
  description?: string;
  image?: string;
  featured?: boolean;
  sortOrder?: number;
  /** In display order. */
  productIds?: number[];
  /** Decision 0077: an automatic collection's rule (its products follow it). */
  rule?: CollectionRule | null;
};

export async function createCategory(
  { db, invalidate }: CatalogWriter,
  input: NewCategory,
): Promise<Category> {
  const [row] = await db
    .insert(categories)
    .values({
      name: input.name,
      slug: input.slug ?? slugify(input.name),
      description: input.description ?? '',
      image: input.image ?? '',
      sortOrder: input.sortOrder ?? 0,
    })
    .returning();
  if (!row) throw new Error('The category was not created');
  await invalidate();
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    image: row.image,
    productCount: 0,
  };
}

export async function createProduct(writer: CatalogWriter, input: NewProduct): Promise<CatalogProduct> {
  const id = await writer.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(products)
      .values({
        name: input.name,
        slug: slugify(input.name),
        categoryId: input.categoryId,
        pricePaise: input.pricePaise,
        mrpPaise: input.mrpPaise,
        description: input.description ?? '',
        image: input.image ?? '',
        images: input.images ?? [],
        tags: input.tags ?? [],
        stock: input.stock ?? 0,
        allowPreOrder: input.allowPreOrder ?? false,
        minQuantity: input.minQuantity ?? 1,
        quantityTiers: input.quantityTiers ?? [],
        featured: input.featured ?? false,
        rating: input.rating ?? 0,
        ratingCount: input.ratingCount ?? 0,
        archived: input.archived ?? false,
        personalisation: input.personalisation ?? null,
        addOnKind: input.addOnKind ?? null,
        addOnCategoryIds: input.addOnCategoryIds ?? [],
        sku: input.sku ?? null,
        hsnCode: input.hsnCode ?? null,
        gstRateBp: input.gstRateBp ?? null,
        declarations: input.declarations ?? {},
        gstRateToConfirm: input.gstRateToConfirm ?? false,
        weightGrams: input.weightGrams ?? null,
        lengthCm: input.lengthCm ?? null,
        breadthCm: input.breadthCm ?? null,
        heightCm: input.heightCm ?? null,
        ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      })
      .returning({ id: products.id });
    if (!row) throw new Error('The product was not created');
    await tx
      .update(products)
      .set({ slug: slugWithId(input.name, row.id) })
      .where(eq(products.id, row.id));
    await refreshSearchText(tx, row.id, null);
    await refreshOriginCountry(tx, sql`p.id = ${row.id}`);
    return row.id;
  });
  await writer.invalidate();
  const [created] = await productsByIds(writer, [id]);
  if (!created) throw new Error('The product was not created');
  return created;
}

/** Changes a product (archiving included); search text and vocabulary follow. */
export async function updateProduct(
  writer: CatalogWriter,
  id: number,
  changes: ProductChanges,
): Promise<CatalogProduct> {
  await writer.db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ name: products.name, archived: products.archived })
      .from(products)
      .where(eq(products.id, id))
      .for('update');
    const values = {
      ...changes,
      ...(changes.name !== undefined ? { slug: slugWithId(changes.name, id) } : {}),
      updatedAt: new Date(),
    };
    const updated = await tx
      .update(products)
      .set(values)
      .where(eq(products.id, id))
      .returning({ id: products.id });
    if (updated.length === 0 || !previous) throw notFound('Product not found');
    await refreshSearchText(tx, id, previous);
    if (changes.declarations !== undefined || changes.categoryId !== undefined) {
      await refreshOriginCountry(tx, sql`p.id = ${id}`);
    }
  });
  await writer.invalidate();
  const [product] = await productsByIds(writer, [id]);
  if (!product) throw notFound('Product not found');
  return product;
}

export async function createCollection(
  { db, invalidate }: CatalogWriter,
  input: NewCollection,
): Promise<CollectionSummary> {
  const collection = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(collections)
      .values({
        name: input.name,
        slug: slugify(input.name),
        description: input.description ?? '',
        image: input.image ?? '',
        featured: input.featured ?? false,
        sortOrder: input.sortOrder ?? 0,
        rule: input.rule ?? null,
      })
      .returning();
    if (!row) throw new Error('The collection was not created');
    const productIds = input.rule ? [] : [...new Set(input.productIds ?? [])];
    if (productIds.length > 0) {
      await tx
        .insert(collectionProducts)
        .values(productIds.map((productId, position) => ({ collectionId: row.id, productId, position })));
    }
    return row;
  });
  await invalidate();
  return collectionSummaryOf(collection, input.rule ? 0 : (input.productIds?.length ?? 0));
}

/**
 * Decision 0077: works out again the products of every automatic collection from its rule, in
 * one transaction: the newest first. Every catalogue change runs it (the catalog service's
 * `invalidate`), and an hourly timer for "new in N days", which time alone changes.
 */
export async function refreshRuleCollections(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // Two instances' changes at once rewrite one after the other, never into each other's rows.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('rule-collections'))`);
    await tx.execute(
      sql`DELETE FROM collection_products WHERE collection_id IN (SELECT id FROM collections WHERE rule IS NOT NULL)`,
    );
    await tx.execute(sql`
      INSERT INTO collection_products (collection_id, product_id, position)
      SELECT c.id, p.id, (row_number() OVER (PARTITION BY c.id ORDER BY p.created_at DESC, p.id) - 1)::int
      FROM collections c
      JOIN products p ON NOT p.archived
        AND (c.rule->>'categoryId' IS NULL OR p.category_id = (c.rule->>'categoryId')::int)
        AND (c.rule->>'tag' IS NULL OR EXISTS (
          SELECT 1 FROM unnest(p.tags) AS tag WHERE lower(tag) = lower(c.rule->>'tag')))
        AND (c.rule->>'minPrice' IS NULL OR p.price_paise >= round((c.rule->>'minPrice')::numeric * 100))
        AND (c.rule->>'maxPrice' IS NULL OR p.price_paise <= round((c.rule->>'maxPrice')::numeric * 100))
        AND (c.rule->>'newInDays' IS NULL
          OR p.created_at >= now() - make_interval(days => (c.rule->>'newInDays')::int))
      WHERE c.rule IS NOT NULL
      ON CONFLICT DO NOTHING`);
  });
}
