import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { EmailChangeRequested } from '../../../shared/api/account';
import { ApiError, apiRequest } from '../../api/client';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';
import { useAuth } from './auth-provider';

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status > 0 && error.message ? error.message : fallback;

/** A light check before asking the server, whose rule (shared/auth.ts Email) decides. */
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/**
 * Decision 0075 (DPDP Act s.12): the shopper corrects their e-mail, a login. A link goes to the
 * new address; the account keeps its address until that link is opened.
 */
export function AccountEmail() {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const step = !open ? 'closed' : 'form';
  const shownStep = useRef(step);
  // WCAG 2.4.3: the form replaces the button that opened it, and the other way round.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    (step === 'form' ? field : opener).current?.focus();
  }, [step]);
  if (!user) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!looksLikeEmail(email)) {
      setFieldError('Please enter a valid email address');
      return;
    }
    setFieldError(undefined);
    setError(null);
    setBusy(true);
    try {
      const answer = await apiRequest<EmailChangeRequested>('/account/email', {
        method: 'POST',
        body: { email: email.trim() },
      });
      setSentTo(answer.sentTo);
      setOpen(false);
      setEmail('');
    } catch (failure) {
      const fieldMessage =
        failure instanceof ApiError
          ? failure.errors.find((item) => item.path === 'email')?.message
          : undefined;
      if (fieldMessage) setFieldError(fieldMessage);
      else setError(messageOf(failure, 'We could not send the link just now. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="account-email" className="mt-4 rounded-xl border border-brand-100 bg-white p-4">
      <h2 id="account-email" className="text-lg font-bold text-stone-900">
        E-mail
      </h2>
      <p className="mt-1 break-words text-sm text-stone-700">
        {user.email ? (
          <>
            <span className="font-semibold">{user.email}</span>: you sign in with it and get your invoices at
            it.
          </>
        ) : (
          'Add an e-mail to get your invoices and sign in with a password later.'
        )}
      </p>
      <p role="status" className="mt-1 break-words text-sm text-stone-700">
        {sentTo
          ? `We sent a link to ${sentTo}. Open it within a day to confirm; until then your account keeps its current e-mail.`
          : ''}
      </p>
      {!open ? (
        <Button ref={opener} variant="secondary" className="mt-3" onClick={() => setOpen(true)}>
          {user.email ? 'Change e-mail' : 'Add e-mail'}
        </Button>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate className="mt-3 flex flex-col gap-3">
          {error && <ErrorBanner>{error}</ErrorBanner>}
          <FormField
            ref={field}
            label="New e-mail"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={254}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={fieldError}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={busy} aria-busy={busy}>
              {busy ? 'Sending link…' : 'Send confirmation link'}
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
