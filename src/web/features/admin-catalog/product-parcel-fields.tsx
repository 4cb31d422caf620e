import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import type { ProductParcelFields as ParcelPayload, ParcelSize } from '../../../shared/parcel';
import { categoryParcelOf } from '../../../shared/parcel-defaults';
import { FormField } from '../../components/form-field';

// The product form's parcel fields (weight and box size for the courier), kept apart so
// the form itself changes by a few lines. Empty means the category's default; how they must be
// typed is checked with the form's other fields (ParcelFormValues in product-form-checks.ts).

export const PARCEL_FIELD_NAMES = ['weightGrams', 'lengthCm', 'breadthCm', 'heightCm'] as const;

const text = (value: number | null | undefined) => (value == null ? '' : String(value));
const number = (value: string) => (value.trim() === '' ? null : Number(value));

export const parcelValuesOf = (product: Partial<ParcelPayload> | null): ParcelFormValues => ({
  weightGrams: text(product?.weightGrams),
  lengthCm: text(product?.lengthCm),
  breadthCm: text(product?.breadthCm),
  heightCm: text(product?.heightCm),
});

export const parcelPayloadOf = (values: ParcelFormValues): ParcelPayload => ({
  weightGrams: number(values.weightGrams),
  lengthCm: number(values.lengthCm),
  breadthCm: number(values.breadthCm),
  heightCm: number(values.heightCm),
});

export const isParcelField = (name: PropertyKey): boolean =>
  (PARCEL_FIELD_NAMES as readonly PropertyKey[]).includes(name);

export const PARCEL_LABELS: Record<ParcelFieldName, string> = {
  weightGrams: 'Packed weight (g)',
  lengthCm: 'Box length (cm)',
  breadthCm: 'Box breadth (cm)',
  heightCm: 'Box height (cm)',
};

export type ParcelFieldName = (typeof PARCEL_FIELD_NAMES)[number];

/** The parcel fields as typed ('' is the category's default). */
export type ParcelFormValues = Record<ParcelFieldName, string>;

export function ProductParcelFields({
  id,
  register,
  errors,
  category,
}: {
  id: string;
  /** The product form's register of `parcel.<name>`. */
  register: (name: ParcelFieldName) => UseFormRegisterReturn;
  errors: FieldErrors<ParcelFormValues> | undefined;
  category: { slug: string; parcel: ParcelSize | null } | undefined;
}) {
  const fallback = categoryParcelOf(category ?? { slug: '', parcel: null });
  return (
    <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-4">
      <legend className="text-sm font-semibold text-stone-800">
        Parcel for the courier (empty: category default)
      </legend>
      {PARCEL_FIELD_NAMES.map((name) => (
        <FormField
          key={name}
          id={`${id}-${name}`}
          label={PARCEL_LABELS[name]}
          inputMode="numeric"
          placeholder={String(fallback[name])}
          error={errors?.[name]?.message}
          {...register(name)}
        />
      ))}
    </fieldset>
  );
}
