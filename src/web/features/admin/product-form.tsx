import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import type { AdminCategory } from '../../../shared/api/admin';
// The product schemas alone: the order schemas would take this page past its JavaScript budget.
import { type AdminProduct, NewAdminProduct } from '../../../shared/api/admin-products';
import type { PhotoRule } from '../../../shared/personalisation';
import {
  PERSONALISATION_MAX_FIELDS,
  type PersonalisationConfig,
} from '../../../shared/personalisation-rules';
import type { QuantityTier } from '../../../shared/quantity-pricing';
import { Button } from '../../components/button';
import { ErrorBanner } from '../../components/status-message';
import { errorMessage, useSaveProduct } from './admin-api';
import { Field, inputClass } from './admin-ui';
import {
  isParcelField,
  ParcelFormValues,
  ProductParcelFields,
  parcelPayloadOf,
  parcelValuesOf,
} from './product-parcel-fields';
import { ProductPhotos } from './product-photos';
import { ProductTaxFields } from './product-tax-fields';

const TIERS_FORMAT_MESSAGE = 'Write each tier as pieces:percent, e.g. 25:5, 50:10';

/** "25:5, 50:10" as typed in the form, or null when it is not in that shape. */
function parseTiers(text: string): QuantityTier[] | null {
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

/**
 * The form's fields as typed. Only how the text is written is checked here (rupees, whole
 * numbers, the tiers' "pieces:percent"); every rule of a product, with its words, is the shared
 * NewAdminProduct's, run on the payload the form would send (the server runs the same).
 */
const ProductFormValues = z
  .object({
    name: z.string(),
    description: z.string(),
    price: amount('price'),
    mrp: z.union([z.literal(''), amount('MRP')]),
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
    sku: z.string(),
    hsnCode: z.string(),
    gstRate: z.string(),
    // Kept by the photo manager (not typed); here so the shared rules check the whole payload.
    images: z.array(z.string()),
    parcel: ParcelFormValues,
  })
  .superRefine((values, context) => {
    if (parseTiers(values.quantityTiers) === null) {
      context.addIssue({ code: 'custom', message: TIERS_FORMAT_MESSAGE, path: ['quantityTiers'] });
      return;
    }
    for (const issue of NewAdminProduct.safeParse(payloadOf(values)).error?.issues ?? []) {
      context.addIssue({ code: 'custom', message: issue.message, path: formPathOf(issue.path) });
    }
  });
type ProductFormValues = z.infer<typeof ProductFormValues>;

const valuesOf = (product: AdminProduct | null): ProductFormValues => ({
  name: product?.name ?? '',
  description: product?.description ?? '',
  price: product ? String(product.price) : '',
  mrp: product?.mrp === null || product?.mrp === undefined ? '' : String(product.mrp),
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
  sku: product?.sku ?? '',
  hsnCode: product?.hsnCode ?? '',
  gstRate: product?.gstRate === null || product?.gstRate === undefined ? '' : String(product.gstRate),
  images: product?.images.length ? product.images : product?.image ? [product.image] : [],
  parcel: parcelValuesOf(product),
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

const payloadOf = (values: ProductFormValues): NewAdminProduct => ({
  name: values.name,
  description: values.description.trim(),
  price: Number(values.price),
  mrp: values.mrp === '' ? null : Number(values.mrp),
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
  sku: values.sku.trim() || null,
  hsnCode: values.hsnCode.trim() || null,
  gstRate: values.gstRate === '' ? null : Number(values.gstRate),
  images: values.images,
  ...parcelPayloadOf(values.parcel),
});

/** Where a shared-schema issue shows in the form: personalisation.fields.0.label is that row's label. */
function formPathOf(path: readonly PropertyKey[]): (string | number)[] {
  const [first, second, ...rest] = path.map((part) => (typeof part === 'symbol' ? String(part) : part));
  if (first === 'personalisation' && second === 'fields') return ['personalisationFields', ...rest];
  if (first === 'personalisation') return [second === 'photo' ? 'photo' : 'personalisationFields'];
  if (first === 'quantityTiers') return ['quantityTiers'];
  if (first === 'tags') return ['tags'];
  if (first === 'images') return ['images'];
  if (first !== undefined && isParcelField(first)) return ['parcel', first];
  return [first ?? 'name'];
}

const PHOTO_RULE_LABELS: Readonly<Record<PhotoRule, string>> = {
  off: 'No photo',
  optional: 'Photo optional (JPEG or PNG)',
  required: 'Photo required (JPEG or PNG)',
};

/** Create (product null) or edit a product; answers the saved product. */
export function ProductForm({
  product,
  categories,
  onSaved,
}: {
  product: AdminProduct | null;
  categories: AdminCategory[];
  onSaved(product: AdminProduct): void;
}) {
  const id = useId();
  const save = useSaveProduct(product?.id ?? null);
  const {
    register,
    handleSubmit,
    control,
    watch,
    setValue,
    formState: { errors },
  } = useForm<ProductFormValues>({
    resolver: zodResolver(ProductFormValues),
    defaultValues: valuesOf(product),
  });
  const personalisationFields = useFieldArray({ control, name: 'personalisationFields' });
  const personalisable = watch('personalisable');
  const images = watch('images');
  const categoryId = watch('categoryId');
  const category = categories.find((each) => String(each.id) === categoryId);
  const [saved, setSaved] = useState(false);
  const described = (name: keyof ProductFormValues) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {};

  const submit = handleSubmit((values) =>
    save.mutate(payloadOf(values), {
      onSuccess: ({ product: stored }) => {
        setSaved(true);
        onSaved(stored);
      },
    }),
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4 rounded-xl border border-brand-100 bg-white p-4 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <Field id={`${id}-name`} label="Name" error={errors.name?.message}>
          <input id={`${id}-name`} className={inputClass} {...register('name')} {...described('name')} />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field id={`${id}-description`} label="Description" error={errors.description?.message}>
          <textarea id={`${id}-description`} rows={4} className={inputClass} {...register('description')} />
        </Field>
      </div>
      <Field id={`${id}-price`} label="Price (₹)" error={errors.price?.message}>
        <input
          id={`${id}-price`}
          inputMode="decimal"
          className={inputClass}
          {...register('price')}
          {...described('price')}
        />
      </Field>
      <Field id={`${id}-mrp`} label="MRP (₹, optional)" error={errors.mrp?.message}>
        <input
          id={`${id}-mrp`}
          inputMode="decimal"
          className={inputClass}
          {...register('mrp')}
          {...described('mrp')}
        />
      </Field>
      <Field id={`${id}-categoryId`} label="Category" error={errors.categoryId?.message}>
        <select
          id={`${id}-categoryId`}
          className={inputClass}
          {...register('categoryId')}
          {...described('categoryId')}
        >
          <option value="">Choose a category</option>
          {categories.map((category) => (
            <option key={category.id} value={String(category.id)}>
              {category.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-tags`} label="Tags (comma-separated)" error={errors.tags?.message}>
        <input id={`${id}-tags`} className={inputClass} {...register('tags')} />
      </Field>
      <ProductTaxFields
        id={id}
        register={{ sku: register('sku'), hsnCode: register('hsnCode'), gstRate: register('gstRate') }}
        errors={errors}
        category={category}
      />
      <ProductPhotos
        images={images}
        productName={watch('name')}
        onChange={(next) => setValue('images', next, { shouldDirty: true })}
      />
      <Field id={`${id}-stock`} label="Stock" error={errors.stock?.message}>
        <input
          id={`${id}-stock`}
          inputMode="numeric"
          className={inputClass}
          {...register('stock')}
          {...described('stock')}
        />
      </Field>
      <Field id={`${id}-minQuantity`} label="Minimum quantity" error={errors.minQuantity?.message}>
        <input
          id={`${id}-minQuantity`}
          inputMode="numeric"
          className={inputClass}
          {...register('minQuantity')}
          {...described('minQuantity')}
        />
      </Field>
      <div className="sm:col-span-2">
        <Field
          id={`${id}-quantityTiers`}
          label="Bulk quote tiers (pieces:percent off, optional)"
          error={errors.quantityTiers?.message}
        >
          <input
            id={`${id}-quantityTiers`}
            className={inputClass}
            placeholder="25:5, 50:10"
            {...register('quantityTiers')}
            {...described('quantityTiers')}
          />
        </Field>
        <p className="mt-1 text-sm text-stone-600">
          Discounts for bulk quotes only, e.g. 25:5, 50:10 is 5% off from 25 pieces and 10% off from 50.
          Retail carts keep the price above.
        </p>
      </div>
      <ProductParcelFields
        id={`${id}-parcel`}
        register={(name) => register(`parcel.${name}`)}
        errors={errors.parcel}
        category={category}
      />
      <fieldset className="flex flex-col gap-2 sm:col-span-2">
        <legend className="text-sm font-semibold text-stone-800">Options</legend>
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" className="h-5 w-5" {...register('allowPreOrder')} /> Allow pre-orders when
          out of stock
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" className="h-5 w-5" {...register('featured')} /> Featured
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" className="h-5 w-5" {...register('archived')} /> Archived (hidden from the
          store)
        </label>
      </fieldset>
      <fieldset className="flex flex-col gap-3 sm:col-span-2">
        <legend className="text-sm font-semibold text-stone-800">Personalisation</legend>
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" className="h-5 w-5" {...register('personalisable')} /> Shoppers personalise
          this product
        </label>
        {personalisable && (
          <>
            {personalisationFields.fields.map((field, index) => {
              const fieldErrors = errors.personalisationFields?.[index];
              return (
                <div
                  key={field.id}
                  className="grid gap-2 rounded-lg border border-brand-100 p-3 sm:grid-cols-[1fr_10rem_auto_auto]"
                >
                  <Field
                    id={`${id}-pf-${index}-label`}
                    label={`Text field ${index + 1} label`}
                    error={fieldErrors?.label?.message}
                  >
                    <input
                      id={`${id}-pf-${index}-label`}
                      className={inputClass}
                      placeholder="Name on tag"
                      {...register(`personalisationFields.${index}.label`)}
                    />
                  </Field>
                  <Field
                    id={`${id}-pf-${index}-max`}
                    label={`Text field ${index + 1} maximum length`}
                    error={fieldErrors?.maxLength?.message}
                  >
                    <input
                      id={`${id}-pf-${index}-max`}
                      inputMode="numeric"
                      className={inputClass}
                      {...register(`personalisationFields.${index}.maxLength`)}
                    />
                  </Field>
                  <label className="flex min-h-11 items-center gap-2 self-end">
                    <input
                      type="checkbox"
                      className="h-5 w-5"
                      {...register(`personalisationFields.${index}.required`)}
                    />
                    Required
                  </label>
                  <Button
                    type="button"
                    variant="secondary"
                    className="self-end"
                    onClick={() => personalisationFields.remove(index)}
                  >
                    Remove text field {index + 1}
                  </Button>
                </div>
              );
            })}
            {personalisationFields.fields.length < PERSONALISATION_MAX_FIELDS && (
              <Button
                type="button"
                variant="secondary"
                onClick={() => personalisationFields.append({ label: '', maxLength: '20', required: true })}
              >
                Add a text field
              </Button>
            )}
            {/* A rule over all the fields (labels must differ); the resolver keeps it at the array's root. */}
            {errors.personalisationFields?.root?.message && (
              <p role="alert" className="text-sm text-red-700">
                {errors.personalisationFields.root.message}
              </p>
            )}
            <Field id={`${id}-photo`} label="Customer photo" error={errors.photo?.message}>
              <select id={`${id}-photo`} className={inputClass} {...register('photo')}>
                {(Object.keys(PHOTO_RULE_LABELS) as PhotoRule[]).map((rule) => (
                  <option key={rule} value={rule}>
                    {PHOTO_RULE_LABELS[rule]}
                  </option>
                ))}
              </select>
            </Field>
          </>
        )}
      </fieldset>
      <div className="flex flex-col gap-3 sm:col-span-2">
        {save.error && <ErrorBanner>{errorMessage(save.error)}</ErrorBanner>}
        {saved && !save.isPending && !save.error && (
          <p role="status" className="font-semibold text-green-800">
            Product saved
          </p>
        )}
        <Button type="submit" disabled={save.isPending}>
          {product ? 'Save product' : 'Create product'}
        </Button>
      </div>
    </form>
  );
}
