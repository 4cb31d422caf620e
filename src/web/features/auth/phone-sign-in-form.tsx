import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ADULT_REQUIRED, NAME_NEEDED, OTP_RULES, type OtpChannel } from '../../../shared/auth-rules';
import { isValidPhone, normalisePhone, PHONE_INPUT_MAX } from '../../../shared/phone';
import { ApiError } from '../../api/client';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';
import { AdultDeclaration } from './adult-declaration';
import { preloadSignIn, useAuth } from './auth-provider';
import { spokenNumber, useCountdown } from './code-countdown';

const CHANNEL_NAMES: Record<OtpChannel, string> = { sms: 'SMS', whatsapp: 'WhatsApp' };
const INVALID_NUMBER = 'Please enter a valid 10-digit mobile number';
const INVALID_CODE = 'The code has 6 digits';

type WebOtpCredential = Credential & { code?: string };

/**
 * WebOTP: on a phone whose browser offers it, the code is read from the SMS (its last line names
 * this site) after the shopper allows it; elsewhere autocomplete="one-time-code" offers it.
 */
function useWebOtp(active: boolean, onCode: (code: string) => void) {
  const latest = useRef(onCode);
  latest.current = onCode;
  useEffect(() => {
    if (!active || typeof window === 'undefined' || !('OTPCredential' in window)) return;
    const controller = new AbortController();
    navigator.credentials
      .get({ otp: { transport: ['sms'] }, signal: controller.signal } as CredentialRequestOptions)
      .then((credential) => {
        const code = (credential as WebOtpCredential | null)?.code;
        if (code) latest.current(code);
      })
      .catch(() => {
        // Refused, aborted or timed out: the shopper types the code.
      });
    return () => controller.abort();
  }, [active]);
}

/**
 * Decision 0032: sign in or sign up with a mobile number and a 6-digit code (SMS by default,
 * WhatsApp as a choice). A new number is asked for a name once; its e-mail is optional.
 */
export function PhoneSignInForm({ onSuccess }: { onSuccess(): void }) {
  const { requestCode, verifyCode, error: authError, clearError } = useAuth();
  useEffect(preloadSignIn, []);
  const [phoneInput, setPhoneInput] = useState('');
  const [channel, setChannel] = useState<OtpChannel>('sms');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [askName, setAskName] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<{
    phone?: string;
    code?: string;
    fullName?: string;
    adult?: string;
  }>({});
  const [adult, setAdult] = useState(false);
  const [requestError, setRequestError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resendAt, setResendAt] = useState(0);
  const secondsLeft = useCountdown(resendAt);
  const phoneField = useRef<HTMLInputElement>(null);
  const codeField = useRef<HTMLInputElement>(null);
  const codeStep = sentTo !== null;
  // WCAG 2.4.3: the form opens only when the shopper asks for it ("Continue with mobile number"),
  // and each step replaces the control that led to it ("Send code", "Change number"): focus goes
  // to the field that appeared rather than staying behind or falling to <body>.
  useEffect(() => {
    (codeStep ? codeField : phoneField).current?.focus();
  }, [codeStep]);

  const send = async (phone: string) => {
    setRequestError(null);
    clearError();
    setBusy(true);
    try {
      const { resendAfter } = await requestCode({ phone, channel });
      setSentTo(phone);
      setResendAt(Date.now() + resendAfter * 1000);
    } catch (error) {
      setRequestError(
        error instanceof ApiError && error.message ? error.message : 'The code could not be sent.',
      );
    } finally {
      setBusy(false);
    }
  };

  const submitPhone = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidPhone(phoneInput)) {
      setFieldErrors({ phone: INVALID_NUMBER });
      return;
    }
    setFieldErrors({});
    void send(normalisePhone(phoneInput));
  };

  const verify = async (value: string) => {
    if (!sentTo) return;
    if (!/^\d{6}$/.test(value)) {
      setFieldErrors({ code: INVALID_CODE });
      return;
    }
    if (askName && !fullName.trim()) {
      setFieldErrors({ fullName: 'Full name is required' });
      return;
    }
    if (askName && !adult) {
      setFieldErrors({ adult: ADULT_REQUIRED });
      return;
    }
    setFieldErrors({});
    setRequestError(null);
    setBusy(true);
    try {
      const signedIn = await verifyCode({
        phone: sentTo,
        code: value,
        ...(askName ? { fullName: fullName.trim(), adult } : {}),
        ...(askName && email.trim() ? { email: email.trim() } : {}),
      });
      if (signedIn) onSuccess();
    } finally {
      setBusy(false);
    }
  };

  // The server says so once the code is right: this number has no account yet.
  useEffect(() => {
    if (authError === NAME_NEEDED) setAskName(true);
  }, [authError]);

  useWebOtp(sentTo !== null, (received) => {
    setCode(received);
    void verify(received);
  });

  if (!sentTo) {
    return (
      <form onSubmit={submitPhone} noValidate className="flex flex-col gap-3">
        {requestError && <ErrorBanner>{requestError}</ErrorBanner>}
        <FormField
          ref={phoneField}
          label="Mobile number"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="10-digit mobile number"
          maxLength={PHONE_INPUT_MAX}
          value={phoneInput}
          onChange={(event) => setPhoneInput(event.target.value)}
          error={fieldErrors.phone}
        />
        <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-stone-800">
          <legend className="mb-1 font-semibold">Send the code by</legend>
          {(['sms', 'whatsapp'] as const).map((option) => (
            <label key={option} className="inline-flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="otp-channel"
                value={option}
                checked={channel === option}
                onChange={() => setChannel(option)}
              />
              {CHANNEL_NAMES[option]}
            </label>
          ))}
        </fieldset>
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? 'Sending code...' : 'Send code'}
        </Button>
      </form>
    );
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void verify(code.trim());
      }}
      noValidate
      className="flex flex-col gap-3"
    >
      {(requestError ?? (authError && authError !== NAME_NEEDED ? authError : null)) && (
        <ErrorBanner>{requestError ?? authError}</ErrorBanner>
      )}
      <p className="text-sm text-stone-700" role="status">
        We sent a 6-digit code by {CHANNEL_NAMES[channel]} to{' '}
        <span className="font-semibold whitespace-nowrap">{spokenNumber(sentTo)}</span>.{' '}
        <button
          type="button"
          className="font-semibold text-brand-700 underline"
          onClick={() => {
            setSentTo(null);
            setCode('');
            setAskName(false);
            setRequestError(null);
            clearError();
          }}
        >
          Change number
        </button>
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
        error={fieldErrors.code}
      />
      {askName && (
        <>
          <p className="text-sm text-stone-700">
            This number is new to us: tell us your name to create your account.
          </p>
          <FormField
            label="Full Name"
            autoComplete="name"
            value={fullName}
            maxLength={100}
            onChange={(event) => setFullName(event.target.value)}
            error={fieldErrors.fullName}
          />
          <FormField
            label="Email (Optional)"
            type="email"
            autoComplete="email"
            maxLength={254}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <AdultDeclaration
            checked={adult}
            onChange={(event) => setAdult(event.target.checked)}
            error={fieldErrors.adult}
          />
        </>
      )}
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? 'Please wait...' : askName ? 'Create account' : 'Verify and continue'}
      </Button>
      <Button
        variant="secondary"
        disabled={busy || secondsLeft > 0}
        className="w-full"
        onClick={() => void send(sentTo)}
      >
        {secondsLeft > 0 ? `Resend code in ${secondsLeft} s` : 'Resend code'}
      </Button>
    </form>
  );
}
