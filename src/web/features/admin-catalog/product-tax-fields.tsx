import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { GST_RATES_BP } from '../../../shared/gst';
import { Field, inputClass } from '../../components/admin/admin-ui';

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
  const described = (name: keyof ProductTaxValues) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {};
  return (
    <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
      <legend className="text-sm font-semibold text-stone-800">SKU and GST</legend>
      <Field id={`${id}-sku`} label="SKU (optional)" error={errors.sku?.message}>
        <input
          id={`${id}-sku`}
          className={inputClass}
          autoComplete="off"
          {...register.sku}
          {...described('sku')}
        />
      </Field>
      <Field id={`${id}-hsnCode`} label="HSN code (optional)" error={errors.hsnCode?.message}>
        <input
          id={`${id}-hsnCode`}
          inputMode="numeric"
          className={inputClass}
          placeholder={category?.hsnCode ?? ''}
          {...register.hsnCode}
          {...described('hsnCode')}
        />
      </Field>
      <Field id={`${id}-gstRate`} label="GST rate" error={errors.gstRate?.message}>
        <select id={`${id}-gstRate`} className={inputClass} {...register.gstRate} {...described('gstRate')}>
          <option value="">{category ? `Category's (${category.gstRate}%)` : "Category's"}</option>
          {GST_RATES_BP.map((rate) => (
            <option key={rate} value={String(rate / 100)}>
              {rate / 100}%
            </option>
          ))}
        </select>
      </Field>
      <p className="text-sm text-stone-600 sm:col-span-3">
        {category
          ? `Left blank, invoices use the category's HSN ${category.hsnCode} at ${category.gstRate}%.`
          : 'Left blank, invoices use the category’s HSN code and rate.'}
      </p>
    </fieldset>
  );
}
