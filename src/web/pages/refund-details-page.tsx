import { useSearchParams } from 'react-router';
import { formatInr } from '../../shared/money';
import { REFUND_DETAILS_PATH } from '../../shared/notification-links';
import { ApiError } from '../api/client';
import { checksOnFirstUse, refusalOnFields, useCheckedForm } from '../checked-form';
import { Button } from '../components/button';
import { FormField, RadioGroupField } from '../components/form-field';
import { PageMeta } from '../components/page-meta';
import { EmptyState, Spinner } from '../components/status-message';
import { useGiveRefundDetails, useRefundDetailsPage } from '../features/returns/returns-api';

// The shared schema, with Zod, loads when the form is first focused or checked (decision 0088).
const checkRefundPayee = checksOnFirstUse(
  () => import('../features/returns/returns-checks'),
  (checks) => checks.checkRefundPayee,
);

// The server names a refused detail by its path in the request ('payee.ifsc').
const PAYEE_FIELDS = ['payee.vpa', 'payee.holder', 'payee.accountNumber', 'payee.ifsc'] as const;

const METHODS = [
  { value: 'upi', label: 'My UPI ID' },
  { value: 'bank', label: 'My bank account' },
] as const;

/**
 * Decision 0067: the page a cash on delivery refund's message links to, signed and single-use:
 * the customer gives a UPI ID or a bank account and IFSC, once; the server checks the format.
 */
export function RefundDetailsPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const page = useRefundDetailsPage(token);
  const give = useGiveRefundDetails();
  // Neither way is chosen for the customer.
  const { register, handleSubmit, formState, setError, watch } = useCheckedForm({
    checks: checkRefundPayee,
    defaultValues: { payee: { method: null, vpa: '', holder: '', accountNumber: '', ifsc: '' } },
  });
  const errors = formState.errors;
  const method = watch('payee.method');
  const fieldRefused =
    give.error instanceof ApiError &&
    give.error.errors.some((error) => PAYEE_FIELDS.some((field) => error.path.startsWith(field)));
  const submit = handleSubmit(({ payee }) =>
    give.mutate({ token, payee }, { onError: (error) => refusalOnFields(error, PAYEE_FIELDS, setError) }),
  );

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
          onSubmit={submit}
          onFocus={checkRefundPayee.preload}
        >
          <p className="text-stone-800">
            We owe you {formatInr(page.data.amount)} for order {page.data.orderNumber}, which you paid in cash
            on delivery. Tell us where to send it. We never ask for your UPI PIN or an OTP.
          </p>
          <RadioGroupField
            legend="Send my refund to"
            options={METHODS}
            error={errors.payee?.method?.message}
            {...register('payee.method')}
          />
          {method === 'upi' && (
            <FormField
              label="UPI ID"
              placeholder="name@okbank"
              autoComplete="off"
              maxLength={300}
              error={errors.payee?.vpa?.message}
              {...register('payee.vpa')}
            />
          )}
          {method === 'bank' && (
            <>
              <FormField
                label="Account holder's name"
                maxLength={100}
                error={errors.payee?.holder?.message}
                {...register('payee.holder')}
              />
              <FormField
                label="Account number"
                inputMode="numeric"
                autoComplete="off"
                maxLength={24}
                error={errors.payee?.accountNumber?.message}
                {...register('payee.accountNumber')}
              />
              <FormField
                label="IFSC"
                placeholder="HDFC0001234"
                autoComplete="off"
                maxLength={11}
                error={errors.payee?.ifsc?.message}
                {...register('payee.ifsc')}
              />
            </>
          )}
          {errors.root && (
            <p role="alert" className="text-sm font-semibold text-red-700">
              {errors.root.message}
            </p>
          )}
          {give.isError && !fieldRefused && (
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
