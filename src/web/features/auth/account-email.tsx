import { useEffect, useRef, useState } from 'react';
import type { EmailChangeRequested } from '../../../shared/api/account';
import { ApiError, apiRequest } from '../../api/client';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';
import { useAuth } from './auth-provider';

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status > 0 && error.message ? error.message : fallback;

// The server's rule for the address (shared/auth.ts Email), loaded at the form's first focus
// (decision 0088).
const checkEmailChange = checksOnFirstUse(
  () => import('./account-checks'),
  (checks) => checks.checkEmailChange,
);

/**
 * Decision 0075 (DPDP Act s.12): the shopper corrects their e-mail, a login. A link goes to the
 * new address; the account keeps its address until that link is opened.
 */
export function AccountEmail() {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset, setError, setFocus } = useCheckedForm({
    checks: checkEmailChange,
    defaultValues: { email: '' },
  });
  const opener = useRef<HTMLButtonElement>(null);
  const step = !open ? 'closed' : 'form';
  const shownStep = useRef(step);
  // WCAG 2.4.3: the form replaces the button that opened it, and the other way round.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    if (step === 'form') setFocus('email');
    else opener.current?.focus();
  }, [step, setFocus]);
  if (!user) return null;

  const submit = handleSubmit(async ({ email }) => {
    try {
      const answer = await apiRequest<EmailChangeRequested>('/account/email', {
        method: 'POST',
        body: { email: email.trim() },
      });
      setSentTo(answer.sentTo);
      setOpen(false);
      reset();
    } catch (failure) {
      const fieldMessage =
        failure instanceof ApiError
          ? failure.errors.find((item) => item.path === 'email')?.message
          : undefined;
      if (fieldMessage) setError('email', { message: fieldMessage });
      else
        setError('root', {
          message: messageOf(failure, 'We could not send the link just now. Please try again.'),
        });
    }
  });
  const busy = formState.isSubmitting;
  const error = formState.errors.root?.message;

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
        <form
          onSubmit={submit}
          onFocus={checkEmailChange.preload}
          noValidate
          className="mt-3 flex flex-col gap-3"
        >
          {error && <ErrorBanner>{error}</ErrorBanner>}
          <FormField
            label="New e-mail"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={254}
            error={formState.errors.email?.message}
            {...register('email')}
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
