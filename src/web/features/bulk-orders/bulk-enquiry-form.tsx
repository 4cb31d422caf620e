import { useMutation } from '@tanstack/react-query';
import type { BulkEnquiryCreated, BulkEnquiryInput } from '../../../shared/api/bulk-enquiries';
import {
  BULK_LEAD_DAYS,
  BULK_MAX_DAYS_AHEAD,
  BULK_MIN_QUANTITY,
} from '../../../shared/api/bulk-enquiries-rules';
import { indiaDateOf } from '../../../shared/india-time';
import { PHONE_INPUT_MAX } from '../../../shared/phone';
import { apiRequest } from '../../api/client';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { Button } from '../../components/button';
import { FormField, TextAreaField } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';

// The form's checks (the shared schema, with Zod) load when it is first focused or checked, not
// with the page (decision 0088).
const loadChecks = () => import('./bulk-enquiry-checks');
const checkBulkEnquiry = checksOnFirstUse(loadChecks, (checks) => checks.checkBulkEnquiry);

const OCCASIONS = [
  'Birthday return gifts',
  'Wedding favours',
  'Diwali corporate gifts',
  'Baby shower',
  'Housewarming',
  'Office event',
];

export function BulkEnquiryFormCard({
  defaults,
}: {
  /** The shopper's name and email; a product page's link also brings the product and quantity. */
  defaults: { name: string; email: string; productsOrBudget?: string; quantity?: string };
}) {
  const send = useMutation({
    mutationFn: (values: BulkEnquiryInput) =>
      apiRequest<BulkEnquiryCreated>('/bulk-enquiries', { method: 'POST', body: values }),
  });
  const { register, handleSubmit, formState } = useCheckedForm({
    checks: checkBulkEnquiry,
    defaultValues: {
      occasion: '',
      // Only as much as the form takes: the address bar is anyone's to write.
      productsOrBudget: (defaults.productsOrBudget ?? '').slice(0, 1000),
      quantity: /^\d{1,6}$/.test(defaults.quantity ?? '') ? (defaults.quantity ?? '') : '',
      neededBy: '',
      name: defaults.name,
      phone: '',
      email: defaults.email,
      gstin: '',
      legalName: '',
    },
  });
  const errors = formState.errors;
  const now = new Date();

  if (send.data) {
    return (
      <div role="status" className="rounded-2xl border border-green-200 bg-green-50 p-5">
        <h2 className="text-lg font-extrabold text-green-900">Enquiry sent</h2>
        <p className="mt-1 text-green-900">{send.data.message}</p>
        <p className="mt-2 text-sm text-green-800">Your reference: enquiry #{send.data.id}</p>
      </div>
    );
  }

  return (
    <form
      onSubmit={handleSubmit((values) => send.mutate(values))}
      onFocus={checkBulkEnquiry.preload}
      noValidate
      aria-label="Bulk order enquiry"
      className="flex flex-col gap-3 rounded-2xl border border-brand-100 bg-white p-5 shadow-sm"
    >
      {send.error && <ErrorBanner>{send.error.message}</ErrorBanner>}
      {errors.root && <ErrorBanner>{errors.root.message}</ErrorBanner>}
      <FormField
        label="Occasion"
        list="bulk-occasions"
        placeholder="e.g. Birthday return gifts"
        error={errors.occasion?.message}
        {...register('occasion')}
      />
      <datalist id="bulk-occasions">
        {OCCASIONS.map((occasion) => (
          <option key={occasion} value={occasion} />
        ))}
      </datalist>
      <TextAreaField
        label="Products or budget"
        rows={3}
        placeholder="Products you liked, or a budget per piece, e.g. ₹150 each"
        error={errors.productsOrBudget?.message}
        {...register('productsOrBudget')}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label="Quantity (pieces)"
          type="number"
          inputMode="numeric"
          min={BULK_MIN_QUANTITY}
          placeholder={`${BULK_MIN_QUANTITY} or more`}
          error={errors.quantity?.message}
          {...register('quantity')}
        />
        <FormField
          label="Needed by"
          type="date"
          min={indiaDateOf(now, BULK_LEAD_DAYS)}
          max={indiaDateOf(now, BULK_MAX_DAYS_AHEAD)}
          error={errors.neededBy?.message}
          {...register('neededBy')}
        />
      </div>
      <FormField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={PHONE_INPUT_MAX}
          placeholder="10-digit mobile number"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      <FormField
        label="GSTIN (optional, for a GST invoice)"
        autoCapitalize="characters"
        placeholder="15-character GSTIN"
        error={errors.gstin?.message}
        {...register('gstin')}
      />
      <FormField
        label="Business legal name (optional, as on the GSTIN)"
        autoComplete="organization"
        error={errors.legalName?.message}
        {...register('legalName')}
      />
      <Button type="submit" disabled={send.isPending} className="mt-1 w-full sm:w-auto">
        {send.isPending ? 'Sending...' : 'Send enquiry'}
      </Button>
    </form>
  );
}
