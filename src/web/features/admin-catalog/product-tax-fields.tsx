import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { GST_RATES_BP } from '../../../shared/gst';
import { FormField, SelectField } from '../../components/form-field';

/** The product form's fields this component shows, as typed ('' follows the category). */
export type ProductTaxValues = { sku: string; hsnCode: string; gstRate: string };

/**
 * SKU, HSN code and GST rate of a product. Left blank, the HSN code and rate are the category's
 * (shown as the hint), and the invoice prints those.
 */
export function ProductTaxFields({
  id,
  register,
  errors,
  category,
}: {
  id: string;
  /** The form's register(...) of each field. */
  register: Record<keyof ProductTaxValues, UseFormRegisterReturn>;
  errors: FieldErrors<ProductTaxValues>;
  category: { hsnCode: string; gstRate: number } | undefined;
}) {
  return (
    <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
      <legend className="text-sm font-semibold text-stone-800">SKU and GST</legend>
      <FormField
        id={`${id}-sku`}
        label="SKU (optional)"
        autoComplete="off"
        error={errors.sku?.message}
        {...register.sku}
      />
      <FormField
        id={`${id}-hsnCode`}
        label="HSN code (optional)"
        inputMode="numeric"
        placeholder={category?.hsnCode ?? ''}
        error={errors.hsnCode?.message}
        {...register.hsnCode}
      />
      <SelectField
        id={`${id}-gstRate`}
        label="GST rate"
        options={[
          { value: '', label: category ? `Category's (${category.gstRate}%)` : "Category's" },
          ...GST_RATES_BP.map((rate) => ({ value: String(rate / 100), label: `${rate / 100}%` })),
        ]}
        error={errors.gstRate?.message}
        {...register.gstRate}
      />
      <p className="text-sm text-stone-600 sm:col-span-3">
        {category
          ? `Left blank, invoices use the category's HSN ${category.hsnCode} at ${category.gstRate}%.`
          : 'Left blank, invoices use the category’s HSN code and rate.'}
      </p>
    </fieldset>
  );
}
