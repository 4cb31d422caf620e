import { type FormEvent, useEffect, useRef, useState } from 'react';
import { OTP_RULES } from '../../../shared/auth-rules';
import { isValidPhone, normalisePhone, PHONE_INPUT_MAX } from '../../../shared/phone';
import { ApiError } from '../../api/client';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';
import { useAuth } from './auth-provider';
import { spokenNumber, useCountdown } from './code-countdown';

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status > 0 && error.message ? error.message : fallback;

/**
 * Decision 0032: a signed-in shopper adds (or changes) a verified mobile number by a code sent to
 * it. A number of another account is refused by the server: accounts never merge.
 */
export function AccountPhone({ intro }: { intro?: string } = {}) {
  const { user, requestAddPhone, verifyAddPhone } = useAuth();
  const [open, setOpen] = useState(false);
  const [phoneInput, setPhoneInput] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resendAt, setResendAt] = useState(0);
  const secondsLeft = useCountdown(resendAt);
  const opener = useRef<HTMLButtonElement>(null);
  const phoneField = useRef<HTMLInputElement>(null);
  const codeField = useRef<HTMLInputElement>(null);
  const step = !open ? 'closed' : sentTo ? 'code' : 'phone';
  const shownStep = useRef(step);
  // WCAG 2.4.3: each step replaces the control that led to it ("Add mobile number", "Send code",
  // "Verify number"): focus goes to what took its place rather than falling to <body>.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    ({ closed: opener, phone: phoneField, code: codeField })[step].current?.focus();
  }, [step]);
  if (!user) return null;

  const send = async (phone: string) => {
    setError(null);
    setBusy(true);
    try {
      const { resendAfter } = await requestAddPhone({ phone, channel: 'sms' });
      setSentTo(phone);
      setResendAt(Date.now() + resendAfter * 1000);
    } catch (failure) {
      setError(messageOf(failure, 'The code could not be sent.'));
    } finally {
      setBusy(false);
    }
  };

  const submitPhone = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidPhone(phoneInput)) {
      setFieldError('Please enter a valid 10-digit mobile number');
      return;
    }
    setFieldError(undefined);
    void send(normalisePhone(phoneInput));
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!sentTo) return;
    if (!/^\d{6}$/.test(code)) {
      setFieldError('The code has 6 digits');
      return;
    }
    setFieldError(undefined);
    setError(null);
    setBusy(true);
    try {
      await verifyAddPhone({ phone: sentTo, code });
      setOpen(false);
      setSentTo(null);
      setCode('');
      setPhoneInput('');
    } catch (failure) {
      setError(messageOf(failure, 'The number could not be verified.'));
    } finally {
      setBusy(false);
    }
  };

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
        <form onSubmit={submitPhone} noValidate className="mt-3 flex flex-col gap-3">
          {error && <ErrorBanner>{error}</ErrorBanner>}
          <FormField
            ref={phoneField}
            label="Mobile number"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={PHONE_INPUT_MAX}
            value={phoneInput}
            onChange={(event) => setPhoneInput(event.target.value)}
            error={fieldError}
          />
          <Button type="submit" disabled={busy}>
            {busy ? 'Sending code...' : 'Send code'}
          </Button>
        </form>
      ) : (
        <form onSubmit={submitCode} noValidate className="mt-3 flex flex-col gap-3">
          {error && <ErrorBanner>{error}</ErrorBanner>}
          <p className="text-sm text-stone-700" role="status">
            We sent a 6-digit code by SMS to{' '}
            <span className="whitespace-nowrap font-semibold">{spokenNumber(sentTo)}</span>.
          </p>
          <FormField
            ref={codeField}
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={OTP_RULES.digits}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            error={fieldError}
          />
          <Button type="submit" disabled={busy}>
            {busy ? 'Please wait...' : 'Verify number'}
          </Button>
          <Button variant="secondary" disabled={busy || secondsLeft > 0} onClick={() => void send(sentTo)}>
            {secondsLeft > 0 ? `Resend code in ${secondsLeft} s` : 'Resend code'}
          </Button>
        </form>
      )}
    </section>
  );
}
