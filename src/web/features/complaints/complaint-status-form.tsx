import { useId } from 'react';
import { COMPLAINT_TICKET_MAX } from '../../../shared/complaint-rules';
import { formatIndiaDateTime } from '../../../shared/india-time';
import { ApiError } from '../../api/client';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';
import { useComplaintStatus } from './complaints-api';

// The shared schema, with Zod, loads when the form is first focused or checked (decision 0088).
const checkComplaintStatus = checksOnFirstUse(
  () => import('./complaint-checks'),
  (checks) => checks.checkComplaintStatus,
);

/** Rule 7(1)(f) of the E-Commerce Rules: the shopper tracks a complaint by its ticket number. */
export function ComplaintStatusForm() {
  const id = useId();
  const lookup = useComplaintStatus();
  const { register, handleSubmit, formState } = useCheckedForm({
    checks: checkComplaintStatus,
    defaultValues: { ticket: '', contact: '' },
  });
  const errors = formState.errors;
  const submit = handleSubmit((query) => lookup.mutate(query));
  const error = lookup.error
    ? lookup.error instanceof ApiError && lookup.error.message
      ? lookup.error.message
      : 'We could not look the complaint up just now. Please try again.'
    : null;
  const found = lookup.data?.complaint;
  return (
    <div className="flex flex-col gap-3">
      <form
        onSubmit={submit}
        onFocus={checkComplaintStatus.preload}
        noValidate
        aria-label="Where my complaint stands"
        className="flex flex-col gap-3"
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            label="Ticket number"
            required
            placeholder="e.g. UG-C-000123"
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={COMPLAINT_TICKET_MAX}
            error={errors.ticket?.message}
            {...register('ticket')}
          />
          <FormField
            label="E-mail or phone you gave"
            required
            maxLength={254}
            error={errors.contact?.message}
            {...register('contact')}
          />
        </div>
        {error && <ErrorBanner>{error}</ErrorBanner>}
        {errors.root && <ErrorBanner>{errors.root.message}</ErrorBanner>}
        <Button
          type="submit"
          variant="secondary"
          disabled={lookup.isPending}
          className="w-full sm:w-auto sm:self-start"
        >
          {lookup.isPending ? 'Looking…' : 'Check status'}
        </Button>
      </form>
      {found && (
        <section
          aria-labelledby={`${id}-found`}
          className="rounded-xl border border-brand-100 bg-brand-50 p-3"
        >
          <h3 id={`${id}-found`} className="font-bold text-stone-900">
            {found.ticket}: {found.subject}
          </h3>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-semibold">Received</dt>
            <dd>{formatIndiaDateTime(found.receivedAt)}</dd>
            <dt className="font-semibold">Acknowledged</dt>
            <dd>{found.acknowledgedAt ? formatIndiaDateTime(found.acknowledgedAt) : 'Not yet'}</dd>
            <dt className="font-semibold">Resolved</dt>
            <dd>{found.resolvedAt ? formatIndiaDateTime(found.resolvedAt) : 'Not yet'}</dd>
          </dl>
          {found.resolution && (
            <p className="mt-2 whitespace-pre-wrap break-words text-sm">{found.resolution}</p>
          )}
        </section>
      )}
    </div>
  );
}
