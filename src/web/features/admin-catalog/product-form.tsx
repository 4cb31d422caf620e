import { useId, useState } from 'react';
import { useController, useFieldArray } from 'react-hook-form';
import type { AdminCategory } from '../../../shared/api/admin';
import type { AdminProduct } from '../../../shared/api/admin-products';
import type { PhotoRule } from '../../../shared/personalisation';
import { PERSONALISATION_MAX_FIELDS } from '../../../shared/personalisation-rules';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { errorMessage } from '../../components/admin/admin-ui';
import { Button } from '../../components/button';
import { CheckboxField, FormField, SelectField, TextAreaField } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';
import { useSaveProduct } from './catalog-api';
import { ProductAddOnFields } from './product-add-on-fields';
import { ProductDeclarationFields } from './product-declaration-fields';
import { payloadOf, valuesOf } from './product-form-values';
import { ProductParcelFields } from './product-parcel-fields';
import { ProductPhotos } from './product-photos';
import { ProductTaxFields } from './product-tax-fields';

// The form's checks and the shared product rules they run need Zod, so they load when the owner
// starts editing (the first focus in the form) or submits, not with the page (decision 0088): an
// owner who only looks at a product downloads no Zod. They run on submit, then on every change.
const checkProductForm = checksOnFirstUse(
  () => import('./product-form-checks'),
  (checks) => checks.checkProductForm,
);

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
  } = useCheckedForm({
    checks: checkProductForm,
    defaultValues: valuesOf(product),
  });
  const personalisationFields = useFieldArray({ control, name: 'personalisationFields' });
  const addOnCategories = useController({ control, name: 'addOnCategoryIds' });
  const personalisable = watch('personalisable');
  const images = watch('images');
  const categoryId = watch('categoryId');
  const category = categories.find((each) => String(each.id) === categoryId);
  const [saved, setSaved] = useState(false);

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
      onFocus={checkProductForm.preload}
      onSubmit={submit}
      noValidate
      className="grid gap-4 rounded-xl border border-brand-100 bg-white p-4 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <FormField id={`${id}-name`} label="Name" error={errors.name?.message} {...register('name')} />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField
          id={`${id}-description`}
          label="Description"
          rows={4}
          error={errors.description?.message}
          {...register('description')}
        />
      </div>
      <FormField
        id={`${id}-price`}
        label="Price (₹)"
        inputMode="decimal"
        error={errors.price?.message}
        {...register('price')}
      />
      <FormField
        id={`${id}-mrp`}
        label="MRP (₹, incl. of all taxes)"
        inputMode="decimal"
        error={errors.mrp?.message}
        {...register('mrp')}
      />
      <SelectField
        id={`${id}-categoryId`}
        label="Category"
        options={[
          { value: '', label: 'Choose a category' },
          ...categories.map((each) => ({ value: String(each.id), label: each.name })),
        ]}
        error={errors.categoryId?.message}
        {...register('categoryId')}
      />
      <FormField
        id={`${id}-tags`}
        label="Tags (comma-separated)"
        error={errors.tags?.message}
        {...register('tags')}
      />
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
      <FormField
        id={`${id}-stock`}
        label="Stock"
        inputMode="numeric"
        error={errors.stock?.message}
        {...register('stock')}
      />
      <FormField
        id={`${id}-minQuantity`}
        label="Minimum quantity"
        inputMode="numeric"
        error={errors.minQuantity?.message}
        {...register('minQuantity')}
      />
      <div className="sm:col-span-2">
        <FormField
          id={`${id}-quantityTiers`}
          label="Bulk quote tiers (pieces:percent off, optional)"
          placeholder="25:5, 50:10"
          error={errors.quantityTiers?.message}
          {...register('quantityTiers')}
        />
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
        <CheckboxField label="Allow pre-orders when out of stock" {...register('allowPreOrder')} />
        <CheckboxField label="Featured" {...register('featured')} />
        <CheckboxField label="Archived (hidden from the store)" {...register('archived')} />
      </fieldset>
      <ProductAddOnFields
        id={`${id}-add-on`}
        ticked={addOnCategories.field}
        register={register('addOnKind')}
        errors={errors}
        isAddOn={watch('addOnKind') !== ''}
        categories={categories}
      />
      <fieldset className="flex flex-col gap-3 sm:col-span-2">
        <legend className="text-sm font-semibold text-stone-800">Personalisation</legend>
        <CheckboxField label="Shoppers personalise this product" {...register('personalisable')} />
        {personalisable && (
          <>
            {personalisationFields.fields.map((field, index) => {
              const fieldErrors = errors.personalisationFields?.[index];
              return (
                <div
                  key={field.id}
                  className="grid gap-2 rounded-lg border border-brand-100 p-3 sm:grid-cols-[1fr_10rem_auto_auto]"
                >
                  <FormField
                    id={`${id}-pf-${index}-label`}
                    label={`Text field ${index + 1} label`}
                    placeholder="Name on tag"
                    error={fieldErrors?.label?.message}
                    {...register(`personalisationFields.${index}.label`)}
                  />
                  <FormField
                    id={`${id}-pf-${index}-max`}
                    label={`Text field ${index + 1} maximum length`}
                    inputMode="numeric"
                    error={fieldErrors?.maxLength?.message}
                    {...register(`personalisationFields.${index}.maxLength`)}
                  />
                  <CheckboxField
                    label="Required"
                    className="self-end"
                    {...register(`personalisationFields.${index}.required`)}
                  />
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
            <SelectField
              id={`${id}-photo`}
              label="Customer photo"
              options={(Object.keys(PHOTO_RULE_LABELS) as PhotoRule[]).map((rule) => ({
                value: rule,
                label: PHOTO_RULE_LABELS[rule],
              }))}
              error={errors.photo?.message}
              {...register('photo')}
            />
          </>
        )}
      </fieldset>
      <div className="flex flex-col gap-3 sm:col-span-2">
        {errors.root && <ErrorBanner>{errors.root.message}</ErrorBanner>}
        {save.error && <ErrorBanner>{errorMessage(save.error)}</ErrorBanner>}
        {saved && !save.isPending && !save.error && !errors.root && (
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
