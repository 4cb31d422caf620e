import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { ADD_ON_KIND_LABELS, ADD_ON_KINDS } from '../../../shared/add-ons';
import { Field, inputClass } from '../../components/admin/admin-ui';

/**
 * Decision 0079: the owner marks a product as an add-on (its kind) and ticks the categories whose
 * gifts offer it after Add to Cart. A greeting card carries the gift message to the packing slip.
 */
export function ProductAddOnFields({
  id,
  register,
  errors,
  isAddOn,
  categories,
}: {
  id: string;
  register: { addOnKind: UseFormRegisterReturn; addOnCategoryIds: UseFormRegisterReturn };
  errors: FieldErrors<{ addOnKind: string; addOnCategoryIds: string[] }>;
  isAddOn: boolean;
  categories: readonly { id: number; name: string }[];
}) {
  const categoriesError = errors.addOnCategoryIds?.message;
  return (
    <fieldset className="flex flex-col gap-3 sm:col-span-2">
      <legend className="text-sm font-semibold text-stone-800">Add-on</legend>
      <Field id={`${id}-addOnKind`} label="Offer as an add-on" error={errors.addOnKind?.message}>
        <select id={`${id}-addOnKind`} className={inputClass} {...register.addOnKind}>
          <option value="">Not an add-on</option>
          {ADD_ON_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {ADD_ON_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </Field>
      {isAddOn && (
        <fieldset
          className="flex flex-col gap-1"
          aria-describedby={categoriesError ? `${id}-addOnCategoryIds-error` : undefined}
        >
          <legend className="text-sm text-stone-800">Offered after Add to Cart on gifts in</legend>
          {categories.length === 0 ? (
            <p className="text-sm text-stone-600">Create a category first.</p>
          ) : (
            <div className="grid gap-1 sm:grid-cols-2">
              {categories.map((category) => (
                <label key={category.id} className="flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    className="h-5 w-5"
                    value={String(category.id)}
                    {...register.addOnCategoryIds}
                  />
                  {category.name}
                </label>
              ))}
            </div>
          )}
          {categoriesError && (
            <p id={`${id}-addOnCategoryIds-error`} role="alert" className="text-sm text-red-700">
              {categoriesError}
            </p>
          )}
          <p className="text-sm text-stone-600">
            Shoppers see it unticked and add it only if they choose to; it is priced, taxed and stocked as set
            above.
          </p>
        </fieldset>
      )}
    </fieldset>
  );
}
