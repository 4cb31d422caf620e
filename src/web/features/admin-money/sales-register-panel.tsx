import { useId, useState } from 'react';
import { indiaDateOf } from '../../../shared/india-time';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { errorMessage } from '../../components/admin/admin-ui';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';
import { downloadSalesRegister } from './money-api';

// The shared schema, with Zod, loads when the form is first focused or checked (decision 0088).
const checkSalesRegister = checksOnFirstUse(
  () => import('./money-checks'),
  (checks) => checks.checkSalesRegister,
);

/**
 * The month's sales register as CSV in GSTR-1's tables (b2b, b2cl, b2cs, hsn, cdnr, cdnur), for
 * the store's chartered accountant to file from.
 */
export function SalesRegisterPanel() {
  const id = useId();
  // Decision 0076: the current month, as the owner checks it before the return is due.
  const { register, handleSubmit, formState } = useCheckedForm({
    checks: checkSalesRegister,
    defaultValues: { month: indiaDateOf(new Date()).slice(0, 7) },
  });
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const download = handleSubmit(async ({ month }) => {
    setError(null);
    setDone(null);
    try {
      await downloadSalesRegister(month);
      setDone(month);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  });

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-brand-100 bg-white p-4">
      <h2 id={`${id}-title`} className="font-bold text-stone-900">
        Sales register (GSTR-1)
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Every invoice and credit note of the month, in GSTR-1's tables: B2B by GSTIN, B2C large and small, the
        HSN summary and credit notes, with totals.
      </p>
      <form
        className="mt-3 flex flex-wrap items-end gap-3"
        onSubmit={(event) => void download(event)}
        onFocus={checkSalesRegister.preload}
        noValidate
      >
        <FormField
          id={`${id}-month`}
          label="Month"
          type="month"
          error={formState.errors.month?.message}
          {...register('month', { onChange: () => setDone(null) })}
        />
        <Button type="submit" disabled={formState.isSubmitting}>
          Download sales register
        </Button>
      </form>
      <p role="status" className="mt-2 text-sm text-stone-700">
        {formState.isSubmitting
          ? 'Preparing the register…'
          : done
            ? `Sales register of ${done} downloaded.`
            : ''}
      </p>
      {formState.errors.root && <ErrorBanner>{formState.errors.root.message}</ErrorBanner>}
      {error && <ErrorBanner>{error}</ErrorBanner>}
    </section>
  );
}
