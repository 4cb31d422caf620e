import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { NewAdminProduct } from '../../../shared/api/admin-products';
import { DECLARATION_KEYS } from '../../../shared/legal-metrology-terms';
import type { DeclarationFieldName } from './product-declaration-fields';
import {
  formPathOf,
  type ProductFormValues as ProductFormValuesShape,
  parseTiers,
  payloadOf,
  TIERS_FORMAT_MESSAGE,
} from './product-form-values';
import type { ParcelFormValues as ParcelFormValuesShape } from './product-parcel-fields';

// The product form's checks, with Zod and the shared product schemas: product-form.tsx loads this
// module when the owner starts editing or submits, so the page opens without them (decision 0088).
// The server runs the same NewAdminProduct on what is sent.

const amount = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, `Enter the ${label} in rupees, e.g. 349 or 349.50`);

const wholeNumber = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,7}$/, message);

const optionalWhole = z
  .string()
  .trim()
  .regex(/^\d{0,6}$/, 'Enter a whole number, or leave it empty for the category default');

/** The parcel fields as typed; empty means the category's default. */
const ParcelFormValues = z.object({
  weightGrams: optionalWhole,
  lengthCm: optionalWhole,
  breadthCm: optionalWhole,
  heightCm: optionalWhole,
}) satisfies z.ZodType<ParcelFormValuesShape>;

/**
 * The form's fields as typed (their type is in product-form-values.ts). Only how the text is
 * written is checked here (rupees, whole numbers, the tiers' "pieces:percent"); every rule of a
 * product, with its words, is the shared NewAdminProduct's, run on the payload the form would send
 * (the server runs the same).
 */
const ProductFormValues = z
  .object({
    name: z.string(),
    description: z.string(),
    price: amount('price'),
    mrp: amount('MRP'),
    categoryId: z.string(),
    tags: z.string(),
    stock: wholeNumber('Stock is a whole number'),
    minQuantity: wholeNumber('Minimum quantity is a whole number'),
    quantityTiers: z.string().max(200, TIERS_FORMAT_MESSAGE),
    allowPreOrder: z.boolean(),
    featured: z.boolean(),
    archived: z.boolean(),
    personalisable: z.boolean(),
    personalisationFields: z.array(
      z.object({
        label: z.string(),
        maxLength: wholeNumber('Enter a maximum length'),
        required: z.boolean(),
      }),
    ),
    photo: z.enum(['off', 'optional', 'required']),
    addOnKind: z.string(),
    addOnCategoryIds: z.array(z.string()),
    sku: z.string(),
    hsnCode: z.string(),
    gstRate: z.string(),
    // Kept by the photo manager (not typed); here so the shared rules check the whole payload.
    images: z.array(z.string()),
    parcel: ParcelFormValues,
    declarations: z.object(
      Object.fromEntries(DECLARATION_KEYS.map((key) => [key, z.string()])) as Record<
        DeclarationFieldName,
        z.ZodString
      >,
    ),
  })
  .superRefine((values, context) => {
    if (parseTiers(values.quantityTiers) === null) {
      context.addIssue({ code: 'custom', message: TIERS_FORMAT_MESSAGE, path: ['quantityTiers'] });
      return;
    }
    for (const issue of NewAdminProduct.safeParse(payloadOf(values)).error?.issues ?? []) {
      context.addIssue({ code: 'custom', message: issue.message, path: formPathOf(issue.path) });
    }
  }) satisfies z.ZodType<ProductFormValuesShape>;

export const checkProductForm = zodResolver(ProductFormValues);
