import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { type Resolver, useFieldArray, useForm } from 'react-hook-form';
import type { AdminCategory } from '../../../shared/api/admin';
import type { AdminProduct } from '../../../shared/api/admin-products';
import type { PhotoRule } from '../../../shared/personalisation';
import { PERSONALISATION_MAX_FIELDS } from '../../../shared/personalisation-rules';
import { errorMessage, Field, inputClass } from '../../components/admin/admin-ui';
import { Button } from '../../components/button';
import { ErrorBanner } from '../../components/status-message';
import { useSaveProduct } from './catalog-api';
import { ProductAddOnFields } from './product-add-on-fields';
import { ProductDeclarationFields } from './product-declaration-fields';
import { type ProductFormValues, payloadOf, valuesOf } from './product-form-values';
import { ProductParcelFields } from './product-parcel-fields';
import { ProductPhotos } from './product-photos';
import { ProductTaxFields } from './product-tax-fields';

/**
 * The form's schema and the shared product rules it runs need Zod (about 25 KB gzipped), so they
 * load when the owner starts editing (the first focus in the form) or submits, not with the page:
 * the page stays within its JavaScript budget (docs/performance.md), and an owner who only looks
 * at a product downloads no Zod. The same checks run on submit and then on every change.
 */
const loadChecks = () => import('./product-form-rules');

const checkProductForm: Resolver<ProductFormValues> = async (values, context, options) =>
  zodResolver((await loadChecks()).ProductFormValues)(values, context, options);

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
    resolver: checkProductForm,
    defaultValues: valuesOf(product),
  });
  const personalisationFields = useFieldArray({ control, name: 'personalisationFields' });
  const personalisable = watch('personalisable');
  const images = watch('images');
  const categoryId = watch('categoryId');
  const category = categories.find((each) => String(each.id) === categoryId);
  const [saved, setSaved] = useState(false);
  // The checks could not load (offline): said as a failed save is, and asked for again on submit.
  const [checksUnavailable, setChecksUnavailable] = useState(false);
  const failed = save.error !== null || checksUnavailable;
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
      onFocus={() => void loadChecks().catch(() => undefined)}
      onSubmit={(event) => {
        setChecksUnavailable(false);
        submit(event).catch(() => setChecksUnavailable(true));
      }}
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
      <Field id={`${id}-mrp`} label="MRP (₹, incl. of all taxes)" error={errors.mrp?.message}>
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
      <ProductDeclarationFields
        id={`${id}-declarations`}
        register={(name) => register(`declarations.${name}`)}
        errors={errors.declarations}
        fallback={category?.declarations ?? {}}
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
      <ProductAddOnFields
        id={`${id}-add-on`}
        register={{ addOnKind: register('addOnKind'), addOnCategoryIds: register('addOnCategoryIds') }}
        errors={errors}
        isAddOn={watch('addOnKind') !== ''}
        categories={categories}
      />
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
        {failed && <ErrorBanner>{errorMessage(save.error)}</ErrorBanner>}
        {saved && !save.isPending && !failed && (
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
