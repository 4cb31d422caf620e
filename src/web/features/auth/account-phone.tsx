import { useEffect, useRef, useState } from 'react';
import { OTP_RULES } from '../../../shared/auth-rules';
import { PHONE_INPUT_MAX } from '../../../shared/phone';
import { ApiError } from '../../api/client';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';
import { useAuth } from './auth-provider';
import { codeDigits, spokenNumber, useCodeRequests } from './code-countdown';

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status > 0 && error.message ? error.message : fallback;

// The server's rules for the number and the code load when a step is first focused (decision 0088).
const loadChecks = () => import('./account-checks');
const checkNewPhone = checksOnFirstUse(loadChecks, (checks) => checks.checkNewPhone);
const checkPhoneCode = checksOnFirstUse(loadChecks, (checks) => checks.checkPhoneCode);

/**
 * Decision 0032: a signed-in shopper adds (or changes) a verified mobile number by a code sent to
 * it. A number of another account is refused by the server: accounts never merge.
 */
export function AccountPhone({ intro }: { intro?: string } = {}) {
  const { user, requestAddPhone, verifyAddPhone } = useAuth();
  const [open, setOpen] = useState(false);
  const codes = useCodeRequests((phone: string) => requestAddPhone({ phone, channel: 'sms' }));
  const { sent: sentTo, secondsLeft, resending } = codes;
  const phoneForm = useCheckedForm({ checks: checkNewPhone, defaultValues: { phone: '' } });
  const codeForm = useCheckedForm({ checks: checkPhoneCode, defaultValues: { code: '' } });
  const opener = useRef<HTMLButtonElement>(null);
  const step = !open ? 'closed' : sentTo ? 'code' : 'phone';
  const shownStep = useRef(step);
  // WCAG 2.4.3: each step replaces the control that led to it ("Add mobile number", "Send code",
  // "Verify number"): focus goes to what took its place rather than falling to <body>.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    if (step === 'phone') phoneForm.setFocus('phone');
    else if (step === 'code') codeForm.setFocus('code');
    else opener.current?.focus();
  }, [step, phoneForm.setFocus, codeForm.setFocus]);
  if (!user) return null;

  /** A refusal to send shows in the red box of the step that asked. */
  const refusedIn = (form: typeof phoneForm | typeof codeForm) => (failure: unknown) =>
    form.setError('root', { message: messageOf(failure, 'The code could not be sent.') });

  const submitPhone = phoneForm.handleSubmit(({ phone }) => codes.send(phone, refusedIn(phoneForm)));

  const submitCode = codeForm.handleSubmit(async ({ code }) => {
    if (!sentTo) return;
    try {
      await verifyAddPhone({ phone: sentTo, code });
      setOpen(false);
      codes.setSent(null);
      codeForm.reset();
      phoneForm.reset();
    } catch (failure) {
      codeForm.setError('root', { message: messageOf(failure, 'The number could not be verified.') });
    }
  });
  const phoneErrors = phoneForm.formState.errors;
  const codeErrors = codeForm.formState.errors;
  const busy = phoneForm.formState.isSubmitting || codeForm.formState.isSubmitting || resending;

  return (
    <section aria-labelledby="account-phone" className="mt-4 rounded-xl border border-brand-100 bg-white p-4">
      <h2 id="account-phone" className="text-lg font-bold text-stone-900">
        Mobile number
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        {user.phone
          ? `${spokenNumber(user.phone)} (verified): you can also sign in with a code sent to it.`
          : (intro ?? 'Add your mobile number to sign in with a one-time code.')}
      </p>
      {!open ? (
        <Button ref={opener} variant="secondary" className="mt-3" onClick={() => setOpen(true)}>
          {user.phone ? 'Change mobile number' : 'Add mobile number'}
        </Button>
      ) : !sentTo ? (
        <form
          onSubmit={submitPhone}
          onFocus={checkNewPhone.preload}
          noValidate
          className="mt-3 flex flex-col gap-3"
        >
          {phoneErrors.root && <ErrorBanner>{phoneErrors.root.message}</ErrorBanner>}
          <FormField
            label="Mobile number"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={PHONE_INPUT_MAX}
            error={phoneErrors.phone?.message}
            {...phoneForm.register('phone')}
          />
          <Button type="submit" disabled={busy}>
            {busy ? 'Sending code...' : 'Send code'}
          </Button>
        </form>
      ) : (
        <form
          onSubmit={submitCode}
          onFocus={checkPhoneCode.preload}
          noValidate
          className="mt-3 flex flex-col gap-3"
        >
          {codeErrors.root && <ErrorBanner>{codeErrors.root.message}</ErrorBanner>}
          <p className="text-sm text-stone-700" role="status">
            We sent a 6-digit code by SMS to{' '}
            <span className="whitespace-nowrap font-semibold">{spokenNumber(sentTo)}</span>.
          </p>
          <FormField
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={OTP_RULES.digits}
            error={codeErrors.code?.message}
            {...codeForm.register('code', {
              onChange: (event) => codeForm.setValue('code', codeDigits(event.target.value)),
            })}
          />
          <Button type="submit" disabled={busy}>
            {busy ? 'Please wait...' : 'Verify number'}
          </Button>
          <Button
            variant="secondary"
            disabled={busy || secondsLeft > 0}
            onClick={() => void codes.resend(sentTo, refusedIn(codeForm))}
          >
            {secondsLeft > 0 ? `Resend code in ${secondsLeft} s` : 'Resend code'}
          </Button>
        </form>
      )}
    </section>
  );
}
