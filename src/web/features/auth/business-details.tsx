import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { BusinessDetailsRecord } from '../../../shared/api/auth';
import { GSTIN_MESSAGE, isValidGstin, normaliseGstin } from '../../../shared/gstin';
import { apiRequest } from '../../api/client';
import { Button } from '../../components/button';
import { ErrorBanner } from '../../components/status-message';

const LEGAL_NAME_MESSAGE = 'Enter the legal name the GSTIN is registered under';
const key = (userId: number) => ['business-details', userId] as const;
const inputClass =
  'min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 focus:border-brand-600';

/**
 * A business customer's GSTIN and legal name, printed on the invoices of their next orders so
 * they can claim input tax credit. Checked here as the server checks it (shared/gstin.ts).
 */
export function BusinessDetailsForm({ userId }: { userId: number }) {
  const id = useId();
  const client = useQueryClient();
  const details = useQuery({
    queryKey: key(userId),
    queryFn: ({ signal }) => apiRequest<BusinessDetailsRecord>('/auth/business', { signal }),
  });
  const save = useMutation({
    mutationFn: (body: { gstin: string; legalName: string }) =>
      apiRequest<BusinessDetailsRecord>('/auth/business', { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(key(userId), saved),
  });
  const [gstin, setGstin] = useState('');
  const [legalName, setLegalName] = useState('');
  const [problem, setProblem] = useState<{ field: 'gstin' | 'legalName'; message: string } | null>(null);
  useEffect(() => {
    if (!details.data) return;
    setGstin(details.data.gstin ?? '');
    setLegalName(details.data.legalName ?? '');
  }, [details.data]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = normaliseGstin(gstin);
    if (typed && !isValidGstin(typed)) return setProblem({ field: 'gstin', message: GSTIN_MESSAGE });
    if (typed && !legalName.trim()) return setProblem({ field: 'legalName', message: LEGAL_NAME_MESSAGE });
    setProblem(null);
    save.mutate({ gstin: typed, legalName: legalName.trim() });
  }

  const invalid = (field: 'gstin' | 'legalName') =>
    problem?.field === field ? { 'aria-invalid': true, 'aria-describedby': `${id}-problem` } : {};

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
        <form onSubmit={submit} noValidate className="mt-3 grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-gstin`} className="text-sm font-semibold text-stone-800">
              GSTIN
            </label>
            <input
              id={`${id}-gstin`}
              className={inputClass}
              maxLength={20}
              autoCapitalize="characters"
              value={gstin}
              onChange={(event) => setGstin(event.target.value)}
              {...invalid('gstin')}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-legal`} className="text-sm font-semibold text-stone-800">
              Legal name
            </label>
            <input
              id={`${id}-legal`}
              className={inputClass}
              maxLength={200}
              autoComplete="organization"
              value={legalName}
              onChange={(event) => setLegalName(event.target.value)}
              {...invalid('legalName')}
            />
          </div>
          {problem && (
            <p id={`${id}-problem`} className="text-sm text-red-700 sm:col-span-2">
              {problem.message}
            </p>
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
