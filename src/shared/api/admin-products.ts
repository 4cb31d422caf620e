import { z } from 'zod';
import { ADD_ON_KINDS } from '../add-ons';
import { DeclarationOverrides } from '../legal-metrology';
import { ProductParcelFields } from '../parcel';
import { PersonalisationConfig } from '../personalisation';
import { MAX_PRODUCT_IMAGES } from '../product-images';
import { QuantityTier, QuantityTiers } from '../quantity-pricing';
import { gstRate, hsnCode, page, trimmed } from './admin-fields';

// The back office's product contract (/api/admin/products*), re-exported by ./admin. Money in
// rupees, as everywhere at the API edge.

export {
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  MAX_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
} from '../product-images';

export const SKU_MAX = 64;
/** Decision 0079: enough for every category a store keeps; a bound on the request. */
export const MAX_ADD_ON_CATEGORIES = 100;
export const SKU_TAKEN_MESSAGE = 'Another product already has this SKU';
export const IMAGE_NOT_UPLOADED = 'Upload each photo before saving it to a product';
/** A photo's path as the store serves it (an upload's answer), never an outside address. */
const productImagePath = z
  .string()
  .max(500, IMAGE_NOT_UPLOADED)
  .regex(/^\/[^\s/][^\s]*$/, IMAGE_NOT_UPLOADED);

const rupees = z
  .number({ error: 'Enter an amount in rupees' })
  .min(0, 'Amounts cannot be negative')
  .max(10_000_000, 'That amount is too large')
  .refine((value) => Number.isInteger(Math.round(value * 100 * 1000) / 1000), 'At most two decimals');

// ---- Products ----

export const MRP_REQUIRED = 'Enter the MRP in rupees (the maximum retail price on the pack)';

export const AdminProductQuery = z.object({
  q: trimmed(200).optional(),
  archived: z.enum(['true', 'false', 'all']).default('all'),
  page,
});
export type AdminProductQuery = z.infer<typeof AdminProductQuery>;

export const AdminProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  image: z.string(),
  images: z.array(z.string()),
  price: z.number(),
  mrp: z.number(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  tags: z.array(z.string()),
  stock: z.number().int(),
  allowPreOrder: z.boolean(),
  minQuantity: z.number().int(),
  quantityTiers: z.array(QuantityTier),
  featured: z.boolean(),
  archived: z.boolean(),
  /** The owner's stock-keeping unit (unique); null when none. */
  sku: z.string().nullable(),
  /** The product's own GST; null follows the category's (categoryHsnCode, categoryGstRate). */
  hsnCode: z.string().nullable(),
  gstRate: z.number().nullable(),
  categoryHsnCode: z.string(),
  categoryGstRate: z.number(),
  /** Decision 0059: its own rate is a slab GST 2.0 retired, kept until the owner confirms one. */
  gstRateToConfirm: z.boolean(),
  /** Decision 0059: its own Legal Metrology declarations, and its category's it falls back on. */
  declarations: DeclarationOverrides,
  categoryDeclarations: DeclarationOverrides,
  /** What a shopper fills in; null when the product is not personalisable. */
  personalisation: PersonalisationConfig.nullable(),
  /** Decision 0079: its kind when it is an add-on (null: a product like any other). */
  addOnKind: z.enum(ADD_ON_KINDS).nullable(),
  /** Decision 0079: the categories whose gifts offer it after Add to Cart. */
  addOnCategoryIds: z.array(z.number().int()),
  /** The packed parcel (null = the category's default, shared/parcel.ts). */
  ...ProductParcelFields.shape,
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof AdminProduct>;

export const AdminProductList = z.object({
  data: z.array(AdminProduct),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminProductList = z.infer<typeof AdminProductList>;

const ProductFields = {
  name: z.string().trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  description: trimmed(5000),
  price: rupees.refine((value) => value > 0, 'Price must be more than ₹0'),
  // Decision 0059: the maximum retail price printed on the pack (Legal Metrology rule 6(1)(e)), never
  // left out: a product without one would show a made-up one.
  mrp: z
    .number({ error: MRP_REQUIRED })
    .min(0.01, MRP_REQUIRED)
    .max(10_000_000, 'That amount is too large')
    .refine((value) => Number.isInteger(Math.round(value * 100 * 1000) / 1000), 'At most two decimals'),
  categoryId: z.number({ error: 'Choose a category' }).int().positive('Choose a category'),
  tags: z.array(z.string().trim().min(1).max(50)).max(30),
  stock: z.number({ error: 'Enter the stock' }).int('Stock is a whole number').min(0).max(1_000_000),
  allowPreOrder: z.boolean(),
  minQuantity: z.number().int().min(1, 'At least 1').max(10, 'At most 10'),
  quantityTiers: QuantityTiers,
  featured: z.boolean(),
  archived: z.boolean(),
  personalisation: PersonalisationConfig.nullable(),
  addOnKind: z.enum(ADD_ON_KINDS, { error: 'Choose a kind of add-on' }).nullable(),
  addOnCategoryIds: z
    .array(z.number().int().positive('Choose a category that exists'))
    .max(MAX_ADD_ON_CATEGORIES, `At most ${MAX_ADD_ON_CATEGORIES} categories`),
  // Blank is none (null), as the form and the CSV send it.
  sku: z
    .string()
    .trim()
    .max(SKU_MAX, `SKU must be at most ${SKU_MAX} characters`)
    .regex(/^[A-Za-z0-9._/-]*$/, 'SKU may hold letters, digits and . _ / - only')
    .nullable()
    .transform((value) => (value ? value : null)),
  hsnCode: hsnCode.nullable(),
  gstRate: gstRate.nullable(),
  declarations: DeclarationOverrides,
  /** Every photo, the first being the main one (replaces the list). */
  images: z.array(productImagePath).max(MAX_PRODUCT_IMAGES, `At most ${MAX_PRODUCT_IMAGES} photos`),
  ...ProductParcelFields.shape,
};

const mrpAtLeastPrice = (value: { price?: number | undefined; mrp?: number | undefined }) =>
  value.mrp === undefined || value.price === undefined || value.mrp >= value.price;
const MRP_MESSAGE = { message: 'MRP cannot be below the price', path: ['mrp'] };

export const NewAdminProduct = z
  .object({
    ...ProductFields,
    description: ProductFields.description.default(''),
    tags: ProductFields.tags.default([]),
    stock: ProductFields.stock.default(0),
    allowPreOrder: ProductFields.allowPreOrder.default(false),
    minQuantity: ProductFields.minQuantity.default(1),
    quantityTiers: ProductFields.quantityTiers.default([]),
    featured: ProductFields.featured.default(false),
    archived: ProductFields.archived.default(false),
    personalisation: ProductFields.personalisation.default(null),
    addOnKind: ProductFields.addOnKind.default(null),
    addOnCategoryIds: ProductFields.addOnCategoryIds.default([]),
    sku: ProductFields.sku.default(null),
    hsnCode: ProductFields.hsnCode.default(null),
    gstRate: ProductFields.gstRate.default(null),
    declarations: ProductFields.declarations.default({}),
    images: ProductFields.images.default([]),
    weightGrams: ProductFields.weightGrams.default(null),
    lengthCm: ProductFields.lengthCm.default(null),
    breadthCm: ProductFields.breadthCm.default(null),
    heightCm: ProductFields.heightCm.default(null),
  })
  .refine(mrpAtLeastPrice, MRP_MESSAGE);
export type NewAdminProduct = z.infer<typeof NewAdminProduct>;

export const AdminProductChanges = z
  .object(ProductFields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Nothing to change')
  .refine(mrpAtLeastPrice, MRP_MESSAGE);
export type AdminProductChanges = z.infer<typeof AdminProductChanges>;

export const AdminProductResponse = z.object({ product: AdminProduct });
export type AdminProductResponse = z.infer<typeof AdminProductResponse>;

/** POST /api/admin/product-images: a photo stored for a product form, before or after its first save. */
export const UploadedProductImage = z.object({ image: z.string() });
export type UploadedProductImage = z.infer<typeof UploadedProductImage>;

export const ImportReport = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
});
export type ImportReport = z.infer<typeof ImportReport>;

/** Decision 0077: what an import would do, row by row, before anything is applied. */
export const IMPORT_ROW_ACTIONS = ['new', 'changed', 'unchanged', 'error'] as const;
export const ImportPreview = z.object({
  rows: z.array(
    z.object({
      /** The row's line as a spreadsheet shows it (the header is row 1). */
      row: z.number().int(),
      action: z.enum(IMPORT_ROW_ACTIONS),
      productId: z.number().int().nullable(),
      name: z.string(),
      /** The columns whose value would change (a changed row). */
      changes: z.array(z.string()),
      /** Why the row cannot go in (an error). */
      message: z.string(),
    }),
  ),
  counts: z.object({
    new: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
    error: z.number().int(),
  }),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

/**
 * Decision 0077: a zip of photos named by SKU ('DIYA-01.jpg' the main photo, 'DIYA-01-2.jpg' the
 * second): what it would do (preview), or did. A product's photos from the zip replace its photos.
 */
export const PhotoZipResult = z.object({
  photos: z.array(
    z.object({
      name: z.string(),
      productId: z.number().int().nullable(),
      productName: z.string(),
      /** 1 for the main photo. */
      position: z.number().int().nullable(),
      /** Why the photo is left out; '' when it goes on its product. */
      error: z.string(),
    }),
  ),
  /** Products whose photos are (or would be) replaced. */
  products: z.number().int(),
  applied: z.boolean(),
});
export type PhotoZipResult = z.infer<typeof PhotoZipResult>;
