import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import type { BusinessDetails, BusinessDetailsRecord } from '../../../shared/api/auth';
import { apiRequest } from '../../api/client';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';

const key = (userId: number) => ['business-details', userId] as const;

// The server's schema (BusinessDetails, shared/gstin.ts), loaded at the form's first focus
// (decision 0088).
const checkBusinessDetails = checksOnFirstUse(
  () => import('./account-checks'),
  (checks) => checks.checkBusinessDetails,
);

/**
 * A business customer's GSTIN and legal name, printed on the invoices of their next orders so
 * they can claim input tax credit. Checked here as the server checks it.
 */
export function BusinessDetailsForm({ userId }: { userId: number }) {
  const id = useId();
  const client = useQueryClient();
  const details = useQuery({
    queryKey: key(userId),
    queryFn: ({ signal }) => apiRequest<BusinessDetailsRecord>('/auth/business', { signal }),
  });
  const save = useMutation({
    mutationFn: (body: BusinessDetails) =>
      apiRequest<BusinessDetailsRecord>('/auth/business', { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(key(userId), saved),
  });
  const { register, handleSubmit, formState, reset } = useCheckedForm({
    checks: checkBusinessDetails,
    defaultValues: { gstin: '', legalName: '' },
  });
  useEffect(() => {
    if (details.data) reset({ gstin: details.data.gstin ?? '', legalName: details.data.legalName ?? '' });
  }, [details.data, reset]);
  const errors = formState.errors;

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-8 rounded-2xl border border-brand-100 bg-white p-4"
    >
      <h2 id={`${id}-title`} className="font-bold text-stone-900">
        Business details for GST invoices
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Buying for a business? Your GSTIN and legal name go on the invoices of your next orders, so you can
        claim input tax credit. Leave both blank for personal orders.
      </p>
      {details.isPending ? (
        <p className="mt-3 text-sm text-stone-600">Loading your business details…</p>
      ) : details.isError ? (
        <div className="mt-3 flex flex-col items-start gap-2">
          <ErrorBanner>We couldn't load your business details just now.</ErrorBanner>
          <Button variant="secondary" onClick={() => void details.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <form
          onSubmit={handleSubmit((values) => save.mutate(values))}
          onFocus={checkBusinessDetails.preload}
          noValidate
          className="mt-3 grid gap-3 sm:grid-cols-2"
        >
          <FormField
            id={`${id}-gstin`}
            label="GSTIN"
            maxLength={20}
            autoCapitalize="characters"
            error={errors.gstin?.message}
            {...register('gstin')}
          />
          <FormField
            id={`${id}-legal`}
            label="Legal name"
            maxLength={200}
            autoComplete="organization"
            error={errors.legalName?.message}
            {...register('legalName')}
          />
          {errors.root && (
            <div className="sm:col-span-2">
              <ErrorBanner>{errors.root.message}</ErrorBanner>
            </div>
          )}
          {save.error && (
            <div className="sm:col-span-2">
              <ErrorBanner>{save.error.message}</ErrorBanner>
            </div>
          )}
          <p role="status" className="text-sm font-semibold text-green-800 sm:col-span-2">
            {save.isSuccess && !save.isPending ? 'Business details saved' : ''}
          </p>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={save.isPending}>
              Save business details
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
