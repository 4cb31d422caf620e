import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  ADMIN_PAGE_SIZE,
  type AdminCategory,
  type AdminCategoryChanges,
  type AdminCollection,
  type AdminCollectionChanges,
  type AdminProduct,
  type AdminProductChanges,
  type AdminProductList,
  type AdminProductQuery,
  type GstRatesToConfirm,
  type NewAdminCategory,
  type NewAdminCollection,
  type NewAdminProduct,
  SKU_TAKEN_MESSAGE,
} from '../../../shared/api/admin';
import { isRetiredGstRate } from '../../../shared/gst';
import { toPaise, toRupees } from '../../../shared/money';
import type { Db } from '../../db/client';
import { containsPattern, violatedConstraint } from '../../db/sql-helpers';
import { conflict, invalid, notFound } from '../../errors';
import type { CatalogService, ProductChanges } from '../catalog';
import { categories, products } from '../catalog/tables';
import type { CollectionService } from '../collections';
import { rebuildSearchTerms } from '../search';

const PRODUCT_NOT_FOUND = 'Product not found';
const CATEGORY_NOT_FOUND = 'Category not found';
const CHOOSE_CATEGORY = 'Choose a category that exists';

const productColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  description: products.description,
  image: products.image,
  images: products.images,
  pricePaise: products.pricePaise,
  mrpPaise: products.mrpPaise,
  categoryId: products.categoryId,
  categoryName: categories.name,
  tags: products.tags,
  stock: products.stock,
  allowPreOrder: products.allowPreOrder,
  minQuantity: products.minQuantity,
  quantityTiers: products.quantityTiers,
  featured: products.featured,
  archived: products.archived,
  personalisation: products.personalisation,
  addOnKind: products.addOnKind,
  addOnCategoryIds: products.addOnCategoryIds,
  sku: products.sku,
  hsnCode: products.hsnCode,
  gstRateBp: products.gstRateBp,
  categoryHsnCode: categories.hsnCode,
  categoryGstRateBp: categories.gstRateBp,
  gstRateToConfirm: products.gstRateToConfirm,
  declarations: products.declarations,
  categoryDeclarations: categories.declarations,
  weightGrams: products.weightGrams,
  lengthCm: products.lengthCm,
  breadthCm: products.breadthCm,
  heightCm: products.heightCm,
  updatedAt: products.updatedAt,
};

type ProductRow = Omit<AdminProduct, 'price' | 'mrp' | 'updatedAt' | 'gstRate' | 'categoryGstRate'> & {
  pricePaise: number;
  mrpPaise: number;
  gstRateBp: number | null;
  categoryGstRateBp: number;
  updatedAt: Date;
};

const toAdminProduct = ({
  pricePaise,
  mrpPaise,
  gstRateBp,
  categoryGstRateBp,
  updatedAt,
  ...row
}: ProductRow): AdminProduct => ({
  ...row,
  price: toRupees(pricePaise),
  mrp: toRupees(mrpPaise),
  gstRate: gstRateBp === null ? null : gstRateBp / 100,
  categoryGstRate: categoryGstRateBp / 100,
  updatedAt: updatedAt.toISOString(),
});

/** Decision 0059: a rate the owner sets confirms it, unless it is a retired slab once more. */
const gstRateStillRetired = (gstRate: number | null) =>
  gstRate !== null && isRetiredGstRate(Math.round(gstRate * 100));

/** The catalogue service's change set from the API's rupees and percent. */
function productChangesOf(input: AdminProductChanges): ProductChanges {
  const { price, mrp, gstRate, images, ...rest } = input;
  return {
    ...rest,
    ...(price !== undefined ? { pricePaise: toPaise(price) } : {}),
    ...(mrp !== undefined ? { mrpPaise: toPaise(mrp) } : {}),
    ...(gstRate !== undefined
      ? {
          gstRateBp: gstRate === null ? null : Math.round(gstRate * 100),
          gstRateToConfirm: gstRateStillRetired(gstRate),
        }
      : {}),
    // The first photo is the main one (cards, cart, order lines).
    ...(images !== undefined ? { images, image: images[0] ?? '' } : {}),
  };
}

/**
 * A second product with the same SKU is refused with a clear 409: products_sku_idx is the only
 * unique rule a product write can break (PGlite does not always name it).
 */
async function skuChecked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violatedConstraint(error) !== null) throw conflict(SKU_TAKEN_MESSAGE);
    throw error;
  }
}

export type AdminCatalogService = ReturnType<typeof createAdminCatalogService>;

/**
 * The back office's catalogue writes. Products change through the catalogue service, which keeps
 * search_text and the vocabulary in step and drops its caches; category and collection edits made
 * here call catalog.invalidate() themselves.
 */
export function createAdminCatalogService({
  db,
  catalog,
  collections: storefrontCollections,
}: {
  db: Db;
  catalog: CatalogService;
  collections: CollectionService;
}) {
  async function product(id: number): Promise<AdminProduct> {
    const [row] = await db
      .select(productColumns)
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(products.id, id));
    if (!row) throw notFound(PRODUCT_NOT_FOUND);
    return toAdminProduct(row);
  }

  async function requireCategory(categoryId: number | undefined) {
    if (categoryId === undefined) return;
    const [row] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, categoryId));
    if (!row) throw invalid(CHOOSE_CATEGORY, [{ path: 'categoryId', message: CHOOSE_CATEGORY }]);
  }

  /** Decision 0079: an add-on is offered only with categories that exist. */
  async function requireAddOnCategories(ids: readonly number[] | undefined) {
    if (!ids || ids.length === 0) return;
    const found = await db
      .select({ id: categories.id })
      .from(categories)
      .where(inArray(categories.id, [...ids]));
    if (found.length < new Set(ids).size) {
      throw invalid(CHOOSE_CATEGORY, [{ path: 'addOnCategoryIds', message: CHOOSE_CATEGORY }]);
    }
  }

  async function requireProducts(ids: readonly number[]) {
    if (ids.length === 0) return;
    const found = await db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, [...ids]));
    const known = new Set(found.map((row) => row.id));
    const missing = ids.find((id) => !known.has(id));
    if (missing !== undefined) {
      throw invalid(`Product ${missing} does not exist`, [
        { path: 'productIds', message: `Product ${missing} does not exist` },
      ]);
    }
  }

  async function category(id: number): Promise<AdminCategory> {
    const [row] = await db
      .select({
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        description: categories.description,
        image: categories.image,
        sortOrder: categories.sortOrder,
        hsnCode: categories.hsnCode,
        gstRateBp: categories.gstRateBp,
        gstRateToConfirm: categories.gstRateToConfirm,
        declarations: categories.declarations,
        parcel: categories.parcel,
        // Spelled out: inside a one-table select Drizzle leaves columns unqualified, and
        // `category_id = id` would compare each product with itself.
        productCount: sql<number>`(select count(*)::int from products p where p.category_id = categories.id)`,
      })
      .from(categories)
      .where(eq(categories.id, id));
    if (!row) throw notFound(CATEGORY_NOT_FOUND);
    const { gstRateBp, ...rest } = row;
    return { ...rest, gstRate: gstRateBp / 100, productCount: Number(row.productCount) };
  }

  return {
    product,

    async listProducts(query: AdminProductQuery): Promise<AdminProductList> {
      const filters: SQL[] = [];
      if (query.archived !== 'all') filters.push(eq(products.archived, query.archived === 'true'));
      if (query.q) {
        const id = /^\d{1,9}$/.test(query.q) ? Number(query.q) : null;
        const found = or(
          ilike(products.name, containsPattern(query.q)),
          ilike(products.sku, containsPattern(query.q)),
          ...(id !== null ? [eq(products.id, id)] : []),
        );
        if (found) filters.push(found);
      }
      const where = filters.length > 0 ? and(...filters) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select(productColumns)
          .from(products)
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .where(where)
          .orderBy(desc(products.id))
          .limit(ADMIN_PAGE_SIZE)
          .offset((query.page - 1) * ADMIN_PAGE_SIZE),
        db.select({ total: count() }).from(products).where(where),
      ]);
      return {
        data: rows.map(toAdminProduct),
        total: total?.total ?? 0,
        page: query.page,
        pageSize: ADMIN_PAGE_SIZE,
      };
    },

    async createProduct(input: NewAdminProduct): Promise<AdminProduct> {
      await requireCategory(input.categoryId);
      await requireAddOnCategories(input.addOnCategoryIds);
      const { price, mrp, gstRate, ...rest } = input;
      const created = await skuChecked(() =>
        catalog.createProduct({
          ...rest,
          image: input.images[0] ?? '',
          pricePaise: toPaise(price),
          mrpPaise: toPaise(mrp),
          gstRateBp: gstRate === null ? null : Math.round(gstRate * 100),
          gstRateToConfirm: gstRateStillRetired(gstRate),
        }),
      );
      return product(created.id);
    },

    /** Any editable field; archiving is a change like any other (products are never deleted). */
    async updateProduct(id: number, changes: AdminProductChanges): Promise<AdminProduct> {
      await requireCategory(changes.categoryId);
      await requireAddOnCategories(changes.addOnCategoryIds);
      const current = await product(id);
      // MRP below price is refused whichever of the two the change leaves as it was.
      const price = changes.price ?? current.price;
      const mrp = changes.mrp === undefined ? current.mrp : changes.mrp;
      if (mrp < price) {
        throw invalid('MRP cannot be below the price', [
          { path: 'mrp', message: 'MRP cannot be below the price' },
        ]);
      }
      await skuChecked(() => catalog.updateProduct(id, productChangesOf(changes)));
      return product(id);
    },

    /** A new main image (the old main one stays in the gallery list if it was there). */
    async setProductImage(id: number, image: string): Promise<AdminProduct> {
      const current = await product(id);
      const images = [image, ...current.images.filter((existing) => existing !== image)];
      await catalog.updateProduct(id, { image, images });
      return product(id);
    },

    async listCategories(): Promise<AdminCategory[]> {
      const rows = await db
        .select({ id: categories.id })
        .from(categories)
        .orderBy(asc(categories.sortOrder), asc(categories.name));
      return Promise.all(rows.map((row) => category(row.id)));
    },

    async createCategory(input: NewAdminCategory): Promise<AdminCategory> {
      try {
        const created = await catalog.createCategory(input);
        await db
          .update(categories)
          .set({
            hsnCode: input.hsnCode,
            gstRateBp: Math.round(input.gstRate * 100),
            gstRateToConfirm: gstRateStillRetired(input.gstRate),
            parcel: input.parcel,
            declarations: input.declarations,
          })
          .where(eq(categories.id, created.id));
        return category(created.id);
      } catch (error) {
        if (violatedConstraint(error) !== null) throw conflict('A category with this name already exists');
        throw error;
      }
    },

    /**
     * The slug stays as it was (shoppers' links and search engines keep working); a new name is
     * written into its products' search text.
     */
    async updateCategory(id: number, changes: AdminCategoryChanges): Promise<AdminCategory> {
      const before = await category(id);
      const { gstRate, ...columns } = changes;
      const values =
        gstRate === undefined
          ? columns
          : {
              ...columns,
              gstRateBp: Math.round(gstRate * 100),
              gstRateToConfirm: gstRateStillRetired(gstRate),
            };
      if (Object.keys(values).length > 0) {
        await db.update(categories).set(values).where(eq(categories.id, id));
      }
      if (changes.declarations !== undefined) await catalog.categoryDeclarationsChanged(id);
      if (changes.name !== undefined && changes.name !== before.name) {
        await db.execute(sql`
          UPDATE ${products} SET search_text = lower(concat_ws(' ', ${products.name},
            array_to_string(${products.tags}, ' '), ${changes.name}::text, ${products.description}))
          WHERE ${products.categoryId} = ${id}`);
        await rebuildSearchTerms(db);
      }
      await catalog.invalidate();
      return category(id);
    },

    /** Decision 0059: categories and products still at a retired GST slab, for the owner to re-rate. */
    async gstRatesToConfirm(): Promise<GstRatesToConfirm> {
      const [categoryRows, productRows] = await Promise.all([
        db
          .select({
            id: categories.id,
            name: categories.name,
            hsnCode: categories.hsnCode,
            rateBp: categories.gstRateBp,
          })
          .from(categories)
          .where(eq(categories.gstRateToConfirm, true))
          .orderBy(asc(categories.name)),
        db
          .select({
            id: products.id,
            name: products.name,
            hsnCode: sql<string>`coalesce(${products.hsnCode}, ${categories.hsnCode})`,
            rateBp: sql<number>`coalesce(${products.gstRateBp}, ${categories.gstRateBp})`,
          })
          .from(products)
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .where(eq(products.gstRateToConfirm, true))
          .orderBy(asc(products.id)),
      ]);
      const listed = ({ rateBp, ...row }: { id: number; name: string; hsnCode: string; rateBp: number }) => ({
        ...row,
        gstRate: Number(rateBp) / 100,
      });
      return { categories: categoryRows.map(listed), products: productRows.map(listed) };
    },

    listCollections: (): Promise<AdminCollection[]> => storefrontCollections.ownerCollections(),

    async createCollection(input: NewAdminCollection): Promise<AdminCollection> {
      if (input.rule) await requireCategory(input.rule.categoryId ?? undefined);
      else await requireProducts(input.productIds);
      const created = await storefrontCollections.createCollection(input);
      return storefrontCollections.ownerCollection(created.id);
    },

    /** Fields, and with productIds the whole membership in that display order. */
    async updateCollection(id: number, changes: AdminCollectionChanges): Promise<AdminCollection> {
      const before = await storefrontCollections.ownerCollection(id);
      const { productIds, ...fields } = changes;
      // Decision 0077: an automatic collection's products follow its rule, never a list.
      const automatic = fields.rule !== undefined ? fields.rule !== null : before.rule !== null;
      if (fields.rule) await requireCategory(fields.rule.categoryId ?? undefined);
      if (productIds && !automatic) await requireProducts(productIds);
      return storefrontCollections.changeCollection(id, fields, productIds && !automatic ? productIds : null);
    },

    /** Decision 0077: a collection goes, with its place on the storefront; its products stay. */
    deleteCollection: (id: number): Promise<void> => storefrontCollections.deleteCollection(id),
  };
}
