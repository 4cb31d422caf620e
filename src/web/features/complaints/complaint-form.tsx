import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { ComplaintInput } from '../../../shared/api/complaints';
import {
  COMPLAINT_DETAILS_MAX,
  COMPLAINT_DETAILS_MIN,
  COMPLAINT_MESSAGES,
  COMPLAINT_NAME_MAX,
  COMPLAINT_ORDER_NUMBER_MAX,
  COMPLAINT_SUBJECT_MAX,
} from '../../../shared/complaint-rules';
import { formatIndiaDateTime } from '../../../shared/india-time';
import { isValidPhone, PHONE_INPUT_MAX } from '../../../shared/phone';
import { ApiError } from '../../api/client';
import { Button } from '../../components/button';
import { FormField, TextAreaField } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';
import { useSendComplaint } from './complaints-api';

type Fields = Required<
  Pick<ComplaintInput, 'orderNumber' | 'subject' | 'details' | 'name' | 'email' | 'phone'>
>;
type Errors = Partial<Record<keyof Fields, string>>;

const EMPTY: Fields = { orderNumber: '', subject: '', details: '', name: '', email: '', phone: '' };
// The shape the server checks fully (shared/api/complaints.ts); this catches typos before sending
// without loading Zod on a server-rendered page (decision 0029).
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What the form can tell before sending; the server says the rest. */
function problemsOf(fields: Fields, asksContact: boolean): Errors {
  const errors: Errors = {};
  const subject = fields.subject.trim();
  const details = fields.details.trim();
  if (!subject) errors.subject = 'Subject is required';
  else if (subject.length < 3) errors.subject = 'Subject must be at least 3 characters';
  if (!details) errors.details = 'Details is required';
  else if (details.length < COMPLAINT_DETAILS_MIN)
    errors.details = `Details must be at least ${COMPLAINT_DETAILS_MIN} characters`;
  const email = fields.email.trim();
  const phone = fields.phone.trim();
  if (email && !EMAIL_SHAPE.test(email)) errors.email = COMPLAINT_MESSAGES.email;
  if (phone && !isValidPhone(phone)) errors.phone = COMPLAINT_MESSAGES.phone;
  if (asksContact && !email && !phone) errors.email = COMPLAINT_MESSAGES.contactNeeded;
  return errors;
}

/**
 * Rules 4(5) and 7(1)(f) of the E-Commerce Rules: a complaint gets its ticket at once, with the
 * dates by which it is acknowledged and resolved. `account` is the signed-in shopper (null for a
 * guest): their complaint is answered at the account's e-mail, so it asks for none unless the
 * account has no e-mail.
 */
export function ComplaintForm({ account }: { account: { email: string } | null }) {
  const id = useId();
  const send = useSendComplaint();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const receipt = useRef<HTMLDivElement>(null);
  const asksContact = !account?.email;
  const set = (key: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [key]: event.target.value }));

  // The ticket replaces the form: focus moves to it so a screen reader reads it at once.
  useEffect(() => {
    if (send.data) receipt.current?.focus();
  }, [send.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = problemsOf(fields, asksContact);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    send.mutate(fields, {
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        const byField: Errors = {};
        for (const fieldError of error.errors) {
          if (fieldError.path in EMPTY) byField[fieldError.path as keyof Fields] = fieldError.message;
        }
        setErrors(byField);
      },
    });
  };

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
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h3 id={`${id}-title`} className="sr-only">
        Raise a complaint
      </h3>
      {serverError && <ErrorBanner>{serverError}</ErrorBanner>}
      <FormField
        label="Order number (optional)"
        placeholder="e.g. RG-10042"
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={COMPLAINT_ORDER_NUMBER_MAX}
        value={fields.orderNumber}
        onChange={set('orderNumber')}
        error={errors.orderNumber}
      />
      <FormField
        label="Subject"
        required
        maxLength={COMPLAINT_SUBJECT_MAX}
        placeholder="e.g. Item arrived damaged"
        value={fields.subject}
        onChange={set('subject')}
        error={errors.subject}
      />
      <TextAreaField
        label="What happened"
        required
        rows={5}
        maxLength={COMPLAINT_DETAILS_MAX}
        value={fields.details}
        onChange={set('details')}
        error={errors.details}
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
              value={fields.name}
              onChange={set('name')}
              error={errors.name}
            />
          )}
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField
              label="E-mail"
              type="email"
              autoComplete="email"
              maxLength={254}
              value={fields.email}
              onChange={set('email')}
              error={errors.email}
            />
            <FormField
              label="Phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={PHONE_INPUT_MAX}
              placeholder="10-digit mobile number"
              value={fields.phone}
              onChange={set('phone')}
              error={errors.phone}
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
