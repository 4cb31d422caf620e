import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { ADD_ON_KIND_LABELS, ADD_ON_KINDS } from '../../../shared/add-ons';
import { CheckboxGroupField, SelectField } from '../../components/form-field';

/**
 * Decision 0079: the owner marks a product as an add-on (its kind) and ticks the categories whose
 * gifts offer it after Add to Cart. A greeting card carries the gift message to the packing slip.
 */
export function ProductAddOnFields({
  id,
  ticked,
  register,
  errors,
  isAddOn,
  categories,
}: {
  id: string;
  /** The ticked categories' ids, as the product form's controller of them holds them. */
  ticked: { value: string[]; onChange(ids: string[]): void; onBlur(): void };
  /** The product form's register of the kind. */
  register: UseFormRegisterReturn;
  errors: FieldErrors<{ addOnKind: string; addOnCategoryIds: string[] }>;
  isAddOn: boolean;
  categories: readonly { id: number; name: string }[];
}) {
  return (
    <fieldset className="flex flex-col gap-3 sm:col-span-2">
      <legend className="text-sm font-semibold text-stone-800">Add-on</legend>
      <SelectField
        id={`${id}-addOnKind`}
        label="Offer as an add-on"
        options={[
          { value: '', label: 'Not an add-on' },
          ...ADD_ON_KINDS.map((kind) => ({ value: kind, label: ADD_ON_KIND_LABELS[kind] })),
        ]}
        error={errors.addOnKind?.message}
        {...register}
      />
      {isAddOn && (
        <div className="flex flex-col gap-1">
          <CheckboxGroupField
            legend="Offered after Add to Cart on gifts in"
            options={categories.map((category) => ({ value: String(category.id), label: category.name }))}
            value={ticked.value}
            onChange={ticked.onChange}
            onBlur={ticked.onBlur}
            error={errors.addOnCategoryIds?.message}
          />
          {categories.length === 0 && <p className="text-sm text-stone-600">Create a category first.</p>}
          <p className="text-sm text-stone-600">
            Shoppers see it unticked and add it only if they choose to; it is priced, taxed and stocked as set
            above.
          </p>
        </div>
      )}
    </fieldset>
  );
}
