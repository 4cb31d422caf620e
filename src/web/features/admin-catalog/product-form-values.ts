import { isAddOnKind } from '../../../shared/add-ons';
import type { AdminProduct, NewAdminProduct } from '../../../shared/api/admin-products';
import type { PhotoRule } from '../../../shared/personalisation';
import type { PersonalisationConfig } from '../../../shared/personalisation-rules';
import type { QuantityTier } from '../../../shared/quantity-pricing';
import {
  type DeclarationFormValues,
  declarationPayloadOf,
  declarationValuesOf,
  isDeclarationField,
} from './product-declaration-fields';
import {
  isParcelField,
  type ParcelFormValues,
  parcelPayloadOf,
  parcelValuesOf,
} from './product-parcel-fields';

// The product form's values as typed and the payload they make, without Zod: the form needs them
// to open and to send, its checks (product-form-checks.ts, loaded on first use) to check.

/** The form's fields as typed; the schema that checks them is in product-form-checks.ts. */
export type ProductFormValues = {
  name: string;
  description: string;
  price: string;
  mrp: string;
  categoryId: string;
  tags: string;
  stock: string;
  minQuantity: string;
  quantityTiers: string;
  allowPreOrder: boolean;
  featured: boolean;
  archived: boolean;
  personalisable: boolean;
  personalisationFields: { label: string; maxLength: string; required: boolean }[];
  photo: PhotoRule;
  /** Decision 0079: '' when the product is not an add-on. */
  addOnKind: string;
  /** The categories whose gifts offer it, as the checkboxes hold their ids. */
  addOnCategoryIds: string[];
  sku: string;
  hsnCode: string;
  gstRate: string;
  /** Kept by the photo manager (not typed). */
  images: string[];
  parcel: ParcelFormValues;
  /** Decision 0059: the product's own declarations ('' is the category's). */
  declarations: DeclarationFormValues;
};

export const TIERS_FORMAT_MESSAGE = 'Write each tier as pieces:percent, e.g. 25:5, 50:10';

/** "25:5, 50:10" as typed in the form, or null when it is not in that shape. */
export function parseTiers(text: string): QuantityTier[] | null {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const tiers: QuantityTier[] = [];
  for (const entry of entries) {
    const match = /^(\d{1,6})\s*:\s*(\d{1,3})\s*%?$/.exec(entry);
    if (!match) return null;
    tiers.push({ minQuantity: Number(match[1]), percentOff: Number(match[2]) });
  }
  return tiers;
}

const tiersText = (tiers: readonly QuantityTier[]) =>
  tiers.map((tier) => `${tier.minQuantity}:${tier.percentOff}`).join(', ');

export const valuesOf = (product: AdminProduct | null): ProductFormValues => ({
  name: product?.name ?? '',
  description: product?.description ?? '',
  price: product ? String(product.price) : '',
  mrp: product ? String(product.mrp) : '',
  categoryId: product ? String(product.categoryId) : '',
  tags: product?.tags.join(', ') ?? '',
  stock: product ? String(product.stock) : '0',
  minQuantity: product ? String(product.minQuantity) : '1',
  quantityTiers: tiersText(product?.quantityTiers ?? []),
  allowPreOrder: product?.allowPreOrder ?? false,
  featured: product?.featured ?? false,
  archived: product?.archived ?? false,
  personalisable: !!product?.personalisation,
  personalisationFields: (product?.personalisation?.fields ?? []).map((field) => ({
    label: field.label,
    maxLength: String(field.maxLength),
    required: field.required,
  })),
  photo: product?.personalisation?.photo ?? 'off',
  addOnKind: product?.addOnKind ?? '',
  addOnCategoryIds: (product?.addOnCategoryIds ?? []).map(String),
  sku: product?.sku ?? '',
  hsnCode: product?.hsnCode ?? '',
  gstRate: product?.gstRate === null || product?.gstRate === undefined ? '' : String(product.gstRate),
  images: product?.images.length ? product.images : product?.image ? [product.image] : [],
  parcel: parcelValuesOf(product),
  declarations: declarationValuesOf(product?.declarations),
});

const personalisationOf = (values: ProductFormValues): PersonalisationConfig | null =>
  values.personalisable
    ? {
        fields: values.personalisationFields.map((field) => ({
          label: field.label,
          maxLength: Number(field.maxLength),
          required: field.required,
        })),
        photo: values.photo,
      }
    : null;

export const payloadOf = (values: ProductFormValues): NewAdminProduct => ({
  name: values.name,
  description: values.description.trim(),
  price: Number(values.price),
  // An empty MRP goes as NaN, which the shared schema refuses with its words (decision 0059).
  mrp: values.mrp.trim() === '' ? Number.NaN : Number(values.mrp),
  categoryId: Number(values.categoryId),
  tags: values.tags
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean),
  stock: Number(values.stock),
  minQuantity: Number(values.minQuantity),
  quantityTiers: parseTiers(values.quantityTiers) ?? [],
  allowPreOrder: values.allowPreOrder,
  featured: values.featured,
  archived: values.archived,
  personalisation: personalisationOf(values),
  addOnKind: isAddOnKind(values.addOnKind) ? values.addOnKind : null,
  // Decision 0079: a product that is no add-on is offered nowhere.
  addOnCategoryIds: isAddOnKind(values.addOnKind) ? values.addOnCategoryIds.map(Number) : [],
  sku: values.sku.trim() || null,
  hsnCode: values.hsnCode.trim() || null,
  gstRate: values.gstRate === '' ? null : Number(values.gstRate),
  images: values.images,
  ...parcelPayloadOf(values.parcel),
  declarations: declarationPayloadOf(values.declarations),
});

/** Where a shared-schema issue shows in the form: personalisation.fields.0.label is that row's label. */
export function formPathOf(path: readonly PropertyKey[]): (string | number)[] {
  const [first, second, ...rest] = path.map((part) => (typeof part === 'symbol' ? String(part) : part));
  if (first === 'personalisation' && second === 'fields') return ['personalisationFields', ...rest];
  if (first === 'personalisation') return [second === 'photo' ? 'photo' : 'personalisationFields'];
  if (first === 'quantityTiers') return ['quantityTiers'];
  if (first === 'tags') return ['tags'];
  if (first === 'images') return ['images'];
  if (first === 'addOnCategoryIds') return ['addOnCategoryIds'];
  if (first !== undefined && isParcelField(first)) return ['parcel', first];
  if (first === 'declarations' && second !== undefined && isDeclarationField(second))
    return ['declarations', second];
  return [first ?? 'name'];
}
