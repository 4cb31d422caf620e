// Changes to the catalogue: categories and products (archiving included). Each keeps
// search's index in step and then drops every cached figure, so the next read sees the change.
import { eq, sql } from 'drizzle-orm';
import type { AddOnKind } from '../../../shared/add-ons';
import type { Category } from '../../../shared/api/catalog';
import type { DeclarationOverrides } from '../../../shared/legal-metrology';
import type { Paise } from '../../../shared/money';
import type { ParcelSize } from '../../../shared/parcel';
import type { PersonalisationConfig } from '../../../shared/personalisation-rules';
import type { QuantityTier } from '../../../shared/quantity-pricing';
import { slugify, slugWithId } from '../../../shared/slug';
import { notFound } from '../../errors';
import { type CatalogProduct, type CatalogReader, productsByIds } from './catalog-rows';
import { refreshOriginCountry } from './product-declarations';
import { refreshCategorySearchText, refreshSearchText } from './search-text';
import { categories, products } from './tables';

/** What catalogue writes need: a reader to answer with, and the drop of every cached figure. */
export type CatalogWriter = CatalogReader & { invalidate: () => Promise<void> };

export type NewCategory = {
  name: string;
  slug?: string;
  description?: string;
  image?: string;
  sortOrder?: number;
  /** GST of its products (rate in basis points); unset, the table's default (9505 at 18%). */
  hsnCode?: string;
  gstRateBp?: number;
  /** Decision 0059: its rate is a retired GST slab the owner has yet to re-rate. */
  gstRateToConfirm?: boolean;
  /** Decision 0059: the Legal Metrology declarations of its products unless they set their own. */
  declarations?: DeclarationOverrides;
  /** One packed unit's parcel; null: the built-in one for its slug. */
  parcel?: ParcelSize | null;
};

/** The slug is not among them: shoppers' links and search engines keep working after a rename. */
export type CategoryChanges = Partial<Omit<NewCategory, 'slug'>>;

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
      // Unset ones take the table's defaults.
      hsnCode: input.hsnCode,
      gstRateBp: input.gstRateBp,
      gstRateToConfirm: input.gstRateToConfirm,
      declarations: input.declarations,
      parcel: input.parcel,
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

/**
 * Changes a category; new declarations reach its products' country of origin, and a new name their
 * search text and search's vocabulary. 404 'Category not found' when there is none.
 */
export async function changeCategory(
  writer: CatalogWriter,
  id: number,
  changes: CategoryChanges,
): Promise<void> {
  const { db } = writer;
  const [before] = await db.select({ name: categories.name }).from(categories).where(eq(categories.id, id));
  if (!before) throw notFound('Category not found');
  if (Object.keys(changes).length > 0) await db.update(categories).set(changes).where(eq(categories.id, id));
  if (changes.declarations !== undefined) await refreshOriginCountry(db, sql`p.category_id = ${id}`);
  if (changes.name !== undefined && changes.name !== before.name) await refreshCategorySearchText(db, id);
  await writer.invalidate();
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
