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
import { violatedConstraint } from '../../db/sql-helpers';
import { conflict, invalid, notFound } from '../../errors';
import {
  type CatalogService,
  gstRatesToConfirm,
  knownCategoryIds,
  type OwnerProduct,
  ownerCategories,
  ownerProduct,
  ownerProducts,
  type ProductChanges,
  productNamesOf,
} from '../catalog';
import type { CollectionService } from '../collections';

const PRODUCT_NOT_FOUND = 'Product not found';
const CATEGORY_NOT_FOUND = 'Category not found';
const CHOOSE_CATEGORY = 'Choose a category that exists';

/** The product form's fields: money in rupees, rates in percent, beside what its category gives. */
const toAdminProduct = ({ product, category }: OwnerProduct): AdminProduct => ({
  id: product.id,
  name: product.name,
  slug: product.slug,
  description: product.description,
  image: product.image,
  images: product.images,
  price: toRupees(product.pricePaise),
  mrp: toRupees(product.mrpPaise),
  categoryId: product.categoryId,
  categoryName: category.name,
  tags: product.tags,
  stock: product.stock,
  allowPreOrder: product.allowPreOrder,
  minQuantity: product.minQuantity,
  quantityTiers: product.quantityTiers,
  featured: product.featured,
  archived: product.archived,
  personalisation: product.personalisation,
  addOnKind: product.addOnKind,
  addOnCategoryIds: product.addOnCategoryIds,
  sku: product.sku,
  hsnCode: product.hsnCode,
  gstRate: product.gstRateBp === null ? null : product.gstRateBp / 100,
  categoryHsnCode: category.hsnCode,
  categoryGstRate: category.gstRateBp / 100,
  gstRateToConfirm: product.gstRateToConfirm,
  declarations: product.declarations,
  categoryDeclarations: category.declarations,
  weightGrams: product.weightGrams,
  lengthCm: product.lengthCm,
  breadthCm: product.breadthCm,
  heightCm: product.heightCm,
  updatedAt: product.updatedAt.toISOString(),
});

type OwnerCategory = Awaited<ReturnType<typeof ownerCategories>>[number];

const toAdminCategory = ({ gstRateBp, productCount, ...row }: OwnerCategory): AdminCategory => ({
  ...row,
  gstRate: gstRateBp / 100,
  productCount: Number(productCount),
});

/**
 * A GST rate in basis points from the API's percent (null: its category's), and decision 0059: a
 * rate the owner sets confirms it, unless it is a retired slab once more.
 */
function gstOf<Rate extends number | null>(gstRate: Rate) {
  const gstRateBp = (gstRate === null ? null : Math.round(gstRate * 100)) as Rate;
  return { gstRateBp, gstRateToConfirm: gstRateBp !== null && isRetiredGstRate(gstRateBp) };
}

/** The catalogue service's change set from the API's rupees and percent. */
function productChangesOf(input: AdminProductChanges): ProductChanges {
  const { price, mrp, gstRate, images, ...rest } = input;
  return {
    ...rest,
    ...(price !== undefined ? { pricePaise: toPaise(price) } : {}),
    ...(mrp !== undefined ? { mrpPaise: toPaise(mrp) } : {}),
    ...(gstRate !== undefined ? gstOf(gstRate) : {}),
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
 * The back office's catalogue: it reads products and categories through the catalogue's entry and
 * changes them through the catalogue service, which keeps search_text, the vocabulary and the
 * countries of origin in step and drops its caches (decision 0094); collections change through
 * theirs.
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
    const row = await ownerProduct(db, id);
    if (!row) throw notFound(PRODUCT_NOT_FOUND);
    return toAdminProduct(row);
  }

  /** 400 'Choose a category that exists' on the field `path` unless each of these exists. */
  async function requireCategories(ids: readonly number[], path: string) {
    if (ids.length === 0) return;
    const known = await knownCategoryIds(db, ids);
    if (ids.some((id) => !known.has(id)))
      throw invalid(CHOOSE_CATEGORY, [{ path, message: CHOOSE_CATEGORY }]);
  }

  const requireCategory = (categoryId: number | undefined) =>
    requireCategories(categoryId === undefined ? [] : [categoryId], 'categoryId');

  /** Decision 0079: an add-on is offered only with categories that exist. */
  const requireAddOnCategories = (ids: readonly number[] = []) => requireCategories(ids, 'addOnCategoryIds');

  async function requireProducts(ids: readonly number[]) {
    const known = await productNamesOf(db, ids);
    const missing = ids.find((id) => !known.has(id));
    if (missing !== undefined) {
      throw invalid(`Product ${missing} does not exist`, [
        { path: 'productIds', message: `Product ${missing} does not exist` },
      ]);
    }
  }

  async function category(id: number): Promise<AdminCategory> {
    const [row] = await ownerCategories(db, id);
    if (!row) throw notFound(CATEGORY_NOT_FOUND);
    return toAdminCategory(row);
  }

  return {
    product,

    async listProducts(query: AdminProductQuery): Promise<AdminProductList> {
      const { rows, total } = await ownerProducts(db, {
        archived: query.archived === 'all' ? null : query.archived === 'true',
        text: query.q,
        limit: ADMIN_PAGE_SIZE,
        offset: (query.page - 1) * ADMIN_PAGE_SIZE,
      });
      return { data: rows.map(toAdminProduct), total, page: query.page, pageSize: ADMIN_PAGE_SIZE };
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
          ...gstOf(gstRate),
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

    listCategories: async (): Promise<AdminCategory[]> => (await ownerCategories(db)).map(toAdminCategory),

    async createCategory({ gstRate, ...input }: NewAdminCategory): Promise<AdminCategory> {
      try {
        const created = await catalog.createCategory({ ...input, ...gstOf(gstRate) });
        return category(created.id);
      } catch (error) {
        if (violatedConstraint(error) !== null) throw conflict('A category with this name already exists');
        throw error;
      }
    },

    /** Any field but the slug; the catalogue keeps its products' search text and origin in step. */
    async updateCategory(id: number, { gstRate, ...changes }: AdminCategoryChanges): Promise<AdminCategory> {
      await catalog.changeCategory(id, {
        ...changes,
        ...(gstRate === undefined ? {} : gstOf(gstRate)),
      });
      return category(id);
    },

    /** Decision 0059: categories and products still at a retired GST slab, for the owner to re-rate. */
    async gstRatesToConfirm(): Promise<GstRatesToConfirm> {
      const toConfirm = await gstRatesToConfirm(db);
      const listed = ({ rateBp, ...row }: { id: number; name: string; hsnCode: string; rateBp: number }) => ({
        ...row,
        gstRate: Number(rateBp) / 100,
      });
      return { categories: toConfirm.categories.map(listed), products: toConfirm.products.map(listed) };
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
