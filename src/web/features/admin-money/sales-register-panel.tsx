import { useId, useState } from 'react';
import { indiaDateOf } from '../../../shared/india-time';
import { SALES_MONTH, SALES_MONTH_MESSAGE } from '../../../shared/sales-register';
import { errorMessage, Field, inputClass } from '../../components/admin/admin-ui';
import { Button } from '../../components/button';
import { ErrorBanner } from '../../components/status-message';
import { downloadSalesRegister } from './money-api';

/**
 * The month's sales register as CSV in GSTR-1's tables (b2b, b2cl, b2cs, hsn, cdnr, cdnur), for
 * the store's chartered accountant to file from.
 */
export function SalesRegisterPanel() {
  const id = useId();
  // Decision 0076: the current month, as the owner checks it before the return is due.
  const [month, setMonth] = useState(() => indiaDateOf(new Date()).slice(0, 7));
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);

  async function download() {
    if (!SALES_MONTH.test(month)) {
      setError(SALES_MONTH_MESSAGE);
      return;
    }
    setError(null);
    setState('busy');
    try {
      await downloadSalesRegister(month);
      setState('done');
    } catch (failure) {
      setError(errorMessage(failure));
      setState('idle');
    }
  }

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
        onSubmit={(event) => {
          event.preventDefault();
          void download();
        }}
      >
        <Field id={`${id}-month`} label="Month">
          <input
            id={`${id}-month`}
            type="month"
            className={inputClass}
            value={month}
            onChange={(event) => {
              setMonth(event.target.value);
              setState('idle');
            }}
          />
        </Field>
        <Button type="submit" disabled={state === 'busy'}>
          Download sales register
        </Button>
      </form>
      <p role="status" className="mt-2 text-sm text-stone-700">
        {state === 'busy'
          ? 'Preparing the register…'
          : state === 'done'
            ? `Sales register of ${month} downloaded.`
            : ''}
      </p>
      {error && <ErrorBanner>{error}</ErrorBanner>}
    </section>
  );
}
