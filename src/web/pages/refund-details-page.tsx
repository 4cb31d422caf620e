import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatInr } from '../../shared/money';
import { REFUND_DETAILS_PATH } from '../../shared/notification-links';
import { ApiError } from '../api/client';
import { Button } from '../components/button';
import { FormField } from '../components/form-field';
import { PageMeta } from '../components/page-meta';
import { EmptyState, Spinner } from '../components/status-message';
import { useGiveRefundDetails, useRefundDetailsPage } from '../features/returns/returns-api';

type Method = 'upi' | 'bank';

/**
 * Decision 0067: the page a cash on delivery refund's message links to, signed and single-use:
 * the customer gives a UPI ID or a bank account and IFSC, once; the server checks the format.
 */
export function RefundDetailsPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const page = useRefundDetailsPage(token);
  const give = useGiveRefundDetails();
  const [method, setMethod] = useState<Method>('upi');
  const [vpa, setVpa] = useState('');
  const [holder, setHolder] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [ifsc, setIfsc] = useState('');
  const fieldErrors = give.error instanceof ApiError ? give.error.errors : [];
  const errorOf = (field: string) => fieldErrors.find((error) => error.path.endsWith(field))?.message;

  return (
    <div className="mx-auto max-w-lg">
      <PageMeta
        title="Your refund details"
        description="Where we send your refund."
        canonicalPath={REFUND_DETAILS_PATH}
      />
      <h1 className="text-2xl font-extrabold text-stone-900">Your refund details</h1>
      {token !== '' && page.isPending && <Spinner label="Reading your link" />}
      {(token === '' || page.isError) && (
        <EmptyState title="This link cannot be used">
          {page.error?.message || 'Please use the link from our latest message.'}
        </EmptyState>
      )}
      {page.data && (page.data.given || give.isSuccess) && (
        <p role="status" className="mt-4 rounded-2xl border border-brand-100 bg-white p-4 text-stone-800">
          Thank you. We have your details for the refund of {formatInr(page.data.amount)} on order{' '}
          {page.data.orderNumber}, and will send it within 5-7 working days. We will tell you its reference
          when it is sent.
        </p>
      )}
      {page.data && !page.data.given && !give.isSuccess && (
        <form
          className="mt-4 space-y-4 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            give.mutate({
              token,
              payee: method === 'upi' ? { method, vpa } : { method, holder, accountNumber, ifsc },
            });
          }}
        >
          <p className="text-stone-800">
            We owe you {formatInr(page.data.amount)} for order {page.data.orderNumber}, which you paid in cash
            on delivery. Tell us where to send it. We never ask for your UPI PIN or an OTP.
          </p>
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold text-stone-800">Send my refund to</legend>
            {(
              [
                ['upi', 'My UPI ID'],
                ['bank', 'My bank account'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex min-h-11 items-center gap-2 text-stone-800">
                <input
                  type="radio"
                  name="method"
                  value={value}
                  checked={method === value}
                  onChange={() => setMethod(value)}
                />
                {label}
              </label>
            ))}
          </fieldset>
          {method === 'upi' ? (
            <FormField
              label="UPI ID"
              placeholder="name@okbank"
              autoComplete="off"
              value={vpa}
              maxLength={300}
              error={errorOf('vpa')}
              onChange={(event) => setVpa(event.target.value)}
            />
          ) : (
            <>
              <FormField
                label="Account holder's name"
                value={holder}
                maxLength={100}
                error={errorOf('holder')}
                onChange={(event) => setHolder(event.target.value)}
              />
              <FormField
                label="Account number"
                inputMode="numeric"
                autoComplete="off"
                value={accountNumber}
                maxLength={24}
                error={errorOf('accountNumber')}
                onChange={(event) => setAccountNumber(event.target.value)}
              />
              <FormField
                label="IFSC"
                placeholder="HDFC0001234"
                autoComplete="off"
                value={ifsc}
                maxLength={11}
                error={errorOf('ifsc')}
                onChange={(event) => setIfsc(event.target.value)}
              />
            </>
          )}
          {give.isError && fieldErrors.length === 0 && (
            <p role="alert" className="text-sm font-semibold text-red-700">
              {give.error.message || 'That did not work. Please try again.'}
            </p>
          )}
          <Button type="submit" disabled={give.isPending}>
            {give.isPending ? 'Sending…' : 'Send my details'}
          </Button>
        </form>
      )}
    </div>
  );
}

export { RefundDetailsPage as Component };
