import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import {
  DECLARATION_KEYS,
  type DeclarationOverridesValue,
  MAKER_ROLES,
  NET_UNITS,
} from '../../../shared/legal-metrology-terms';
import { FormField, SelectField } from '../../components/form-field';

// Decision 0059, Legal Metrology rule 6(10): the product's own declarations in the product form.
// Empty means the category's (shown as the placeholder); the shared DeclarationOverrides schema
// checks what is sent, with the form's other fields.

export type DeclarationFieldName = (typeof DECLARATION_KEYS)[number];
/** The declaration fields as typed ('' is the category's). */
export type DeclarationFormValues = Record<DeclarationFieldName, string>;

export const DECLARATION_LABELS: Record<DeclarationFieldName, string> = {
  makerRole: 'Declared by (manufacturer, packer or importer)',
  makerName: 'Their name',
  makerAddress: 'Their address',
  countryOfOrigin: 'Country of origin',
  genericName: 'Generic name',
  netQuantity: 'Net quantity',
  netUnit: 'Unit of net quantity',
  dimensions: 'Dimensions',
  bestBefore: 'Best before (food)',
  manufacturedMonth: 'Month of manufacture (YYYY-MM)',
};

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

export const declarationValuesOf = (own: DeclarationOverridesValue | undefined): DeclarationFormValues =>
  Object.fromEntries(DECLARATION_KEYS.map((key) => [key, text(own?.[key])])) as DeclarationFormValues;

/** Only what is filled in; a number field that does not read as one goes as typed, for the schema to refuse. */
export function declarationPayloadOf(values: DeclarationFormValues): DeclarationOverridesValue {
  const payload: Record<string, unknown> = {};
  for (const key of DECLARATION_KEYS) {
    const value = values[key].trim();
    if (value === '') continue;
    payload[key] = key === 'netQuantity' && Number.isFinite(Number(value)) ? Number(value) : value;
  }
  return payload as DeclarationOverridesValue;
}

export const isDeclarationField = (name: PropertyKey): boolean =>
  (DECLARATION_KEYS as readonly PropertyKey[]).includes(name);

const CHOICES: Partial<Record<DeclarationFieldName, readonly string[]>> = {
  makerRole: MAKER_ROLES,
  netUnit: NET_UNITS,
};

export function ProductDeclarationFields({
  id,
  register,
  errors,
  fallback,
}: {
  id: string;
  /** The product form's register of `declarations.<name>`. */
  register: (name: DeclarationFieldName) => UseFormRegisterReturn;
  errors: FieldErrors<DeclarationFormValues> | undefined;
  /** The category's declarations, which an empty field keeps. */
  fallback: DeclarationOverridesValue;
}) {
  return (
    <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
      <legend className="text-sm font-semibold text-stone-800">
        Legal Metrology declarations (empty: the category's)
      </legend>
      {DECLARATION_KEYS.map((name) => {
        const choices = CHOICES[name];
        const field = {
          id: `${id}-${name}`,
          label: DECLARATION_LABELS[name],
          error: errors?.[name]?.message,
          ...register(name),
        };
        return choices ? (
          <SelectField
            key={name}
            {...field}
            options={[
              { value: '', label: fallback[name] ? `Category's: ${fallback[name]}` : 'Not set' },
              ...choices.map((choice) => ({ value: choice, label: choice })),
            ]}
          />
        ) : (
          <FormField
            key={name}
            {...field}
            placeholder={text(fallback[name])}
            {...(name === 'netQuantity' ? { inputMode: 'decimal' as const } : {})}
          />
        );
      })}
    </fieldset>
  );
}
