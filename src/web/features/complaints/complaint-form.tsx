import { useEffect, useId, useRef } from 'react';
import {
  COMPLAINT_DETAILS_MAX,
  COMPLAINT_NAME_MAX,
  COMPLAINT_ORDER_NUMBER_MAX,
  COMPLAINT_SUBJECT_MAX,
} from '../../../shared/complaint-rules';
import { formatIndiaDateTime } from '../../../shared/india-time';
import { PHONE_INPUT_MAX } from '../../../shared/phone';
import { ApiError } from '../../api/client';
import { checksOnFirstUse, refusalOnFields, useCheckedForm } from '../../checked-form';
import { Button } from '../../components/button';
import { FormField, TextAreaField } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';
import { useSendComplaint } from './complaints-api';

// The shared schema, with Zod, loads when the form is first focused or checked (decision 0088).
const loadChecks = () => import('./complaint-checks');
const checkComplaint = checksOnFirstUse(loadChecks, (checks) => checks.checkComplaint);
const checkGuestComplaint = checksOnFirstUse(loadChecks, (checks) => checks.checkGuestComplaint);

const FIELDS = ['orderNumber', 'subject', 'details', 'name', 'email', 'phone'] as const;

/**
 * Rules 4(5) and 7(1)(f) of the E-Commerce Rules: a complaint gets its ticket at once, with the
 * dates by which it is acknowledged and resolved. `account` is the signed-in shopper (null for a
 * guest): their complaint is answered at the account's e-mail, so it asks for none unless the
 * account has no e-mail.
 */
export function ComplaintForm({ account }: { account: { email: string } | null }) {
  const id = useId();
  const send = useSendComplaint();
  const asksContact = !account?.email;
  const checks = asksContact ? checkGuestComplaint : checkComplaint;
  const { register, handleSubmit, formState, setError } = useCheckedForm({
    checks,
    defaultValues: { orderNumber: '', subject: '', details: '', name: '', email: '', phone: '' },
  });
  const errors = formState.errors;
  const receipt = useRef<HTMLDivElement>(null);

  // The ticket replaces the form: focus moves to it so a screen reader reads it at once.
  useEffect(() => {
    if (send.data) receipt.current?.focus();
  }, [send.data]);

  const submit = handleSubmit((complaint) =>
    send.mutate(complaint, {
      onError: (error) => refusalOnFields(error, FIELDS, setError),
    }),
  );

  if (send.data) {
    const created = send.data;
    return (
      <div
        ref={receipt}
        tabIndex={-1}
        role="status"
        aria-labelledby={`${id}-received`}
        className="flex flex-col gap-2 rounded-xl border border-green-200 bg-green-50 p-4 text-green-900"
      >
        <h3 id={`${id}-received`} className="text-lg font-extrabold">
          Complaint received
        </h3>
        <p>
          Your ticket number is <strong className="text-xl tracking-wide">{created.ticket}</strong>. Please
          quote it whenever you write or call about this complaint.
        </p>
        <p>
          We will acknowledge it by <strong>{formatIndiaDateTime(created.acknowledgeBy)}</strong> and resolve
          it by <strong>{formatIndiaDateTime(created.resolveBy)}</strong> at the latest.
        </p>
        <p className="text-sm">
          {created.mailedTo
            ? `We have e-mailed the ticket to ${created.mailedTo}.`
            : 'Note the ticket number down: we reply by phone, and send nothing to it by SMS or WhatsApp.'}
        </p>
      </div>
    );
  }

  const serverError =
    send.error && !(send.error instanceof ApiError && send.error.errors.length > 0)
      ? send.error instanceof ApiError && send.error.message
        ? send.error.message
        : 'We could not send your complaint just now. Please try again.'
      : null;

  return (
    <form
      onSubmit={submit}
      onFocus={checks.preload}
      noValidate
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3"
    >
      <h3 id={`${id}-title`} className="sr-only">
        Raise a complaint
      </h3>
      {serverError && <ErrorBanner>{serverError}</ErrorBanner>}
      {errors.root && <ErrorBanner>{errors.root.message}</ErrorBanner>}
      <FormField
        label="Order number (optional)"
        placeholder="e.g. RG-10042"
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={COMPLAINT_ORDER_NUMBER_MAX}
        error={errors.orderNumber?.message}
        {...register('orderNumber')}
      />
      <FormField
        label="Subject"
        required
        maxLength={COMPLAINT_SUBJECT_MAX}
        placeholder="e.g. Item arrived damaged"
        error={errors.subject?.message}
        {...register('subject')}
      />
      <TextAreaField
        label="What happened"
        required
        rows={5}
        maxLength={COMPLAINT_DETAILS_MAX}
        error={errors.details?.message}
        {...register('details')}
      />
      {asksContact ? (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm text-stone-700">
            How we reach you: an e-mail address, a phone number or both.
          </legend>
          {!account && (
            <FormField
              label="Name (optional)"
              autoComplete="name"
              maxLength={COMPLAINT_NAME_MAX}
              error={errors.name?.message}
              {...register('name')}
            />
          )}
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField
              label="E-mail"
              type="email"
              autoComplete="email"
              maxLength={254}
              error={errors.email?.message}
              {...register('email')}
            />
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
          </div>
        </fieldset>
      ) : (
        <p className="text-sm text-stone-700">
          We will reply to {account?.email}, the e-mail on your account.
        </p>
      )}
      <Button type="submit" disabled={send.isPending} className="w-full sm:w-auto sm:self-start">
        {send.isPending ? 'Sending…' : 'Send complaint'}
      </Button>
    </form>
  );
}
