import { useEffect, useRef, useState } from 'react';
import { NAME_NEEDED, OTP_CHANNELS, OTP_RULES, type OtpChannel } from '../../../shared/auth-rules';
import { PHONE_INPUT_MAX } from '../../../shared/phone';
import { ApiError } from '../../api/client';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { Button } from '../../components/button';
import { FormField, RadioGroupField } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';
import { AdultDeclaration } from './adult-declaration';
import { preloadSignIn, useAuth } from './auth-provider';
import { codeDigits, spokenNumber, useCodeRequests } from './code-countdown';

const CHANNEL_NAMES: Record<OtpChannel, string> = { sms: 'SMS', whatsapp: 'WhatsApp' };
const CHANNEL_OPTIONS = OTP_CHANNELS.map((channel) => ({ value: channel, label: CHANNEL_NAMES[channel] }));

// The server's rules for the number, the code and a new account (phone-sign-in-checks.ts) load
// when the form is first focused, not with the sign-in dialog (decision 0088).
const loadChecks = () => import('./phone-sign-in-checks');
const checkNumber = checksOnFirstUse(loadChecks, (checks) => checks.checkNumber);
const checkCode = checksOnFirstUse(loadChecks, (checks) => checks.checkCode);
const checkNewAccount = checksOnFirstUse(loadChecks, (checks) => checks.checkNewAccount);

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
  const codes = useCodeRequests((to: { phone: string; channel: OtpChannel }) => requestCode(to));
  const { sent, setSent, secondsLeft, resending } = codes;
  const [askName, setAskName] = useState(false);
  // SMS unless the shopper picks WhatsApp (decision 0032).
  const numberForm = useCheckedForm({
    checks: checkNumber,
    defaultValues: { phone: '', channel: 'sms' },
  });
  const codeChecks = askName ? checkNewAccount : checkCode;
  const codeForm = useCheckedForm({
    checks: codeChecks,
    defaultValues: { code: '', fullName: '', email: '', adult: false },
  });
  const codeStep = sent !== null;
  // WCAG 2.4.3: the form opens only when the shopper asks for it ("Continue with mobile number"),
  // and each step replaces the control that led to it ("Send code", "Change number"): focus goes
  // to the field that appeared rather than staying behind or falling to <body>.
  useEffect(() => {
    if (codeStep) codeForm.setFocus('code');
    else numberForm.setFocus('phone');
  }, [codeStep, codeForm.setFocus, numberForm.setFocus]);

  /** A refusal to send shows in the red box of the step that asked. */
  const refusedIn = (form: typeof numberForm | typeof codeForm) => (error: unknown) =>
    form.setError('root', {
      message: error instanceof ApiError && error.message ? error.message : 'The code could not be sent.',
    });

  const submitNumber = numberForm.handleSubmit((values) => {
    clearError();
    return codes.send(values, refusedIn(numberForm));
  });

  const verify = codeForm.handleSubmit(async ({ code, fullName, email, adult }) => {
    if (!sent) return;
    const signedIn = await verifyCode({
      phone: sent.phone,
      code,
      ...(askName ? { fullName, adult } : {}),
      ...(askName && email ? { email } : {}),
    });
    if (signedIn) onSuccess();
  });

  // The server says so once the code is right: this number has no account yet.
  useEffect(() => {
    if (authError === NAME_NEEDED) setAskName(true);
  }, [authError]);

  useWebOtp(sent !== null, (received) => {
    codeForm.setValue('code', codeDigits(received));
    void verify();
  });

  if (!sent) {
    const errors = numberForm.formState.errors;
    const busy = numberForm.formState.isSubmitting;
    return (
      <form onSubmit={submitNumber} onFocus={checkNumber.preload} noValidate className="flex flex-col gap-3">
        {errors.root && <ErrorBanner>{errors.root.message}</ErrorBanner>}
        <FormField
          label="Mobile number"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="10-digit mobile number"
          maxLength={PHONE_INPUT_MAX}
          error={errors.phone?.message}
          {...numberForm.register('phone')}
        />
        <RadioGroupField
          legend="Send the code by"
          options={CHANNEL_OPTIONS}
          error={errors.channel?.message}
          {...numberForm.register('channel')}
        />
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? 'Sending code...' : 'Send code'}
        </Button>
      </form>
    );
  }

  const errors = codeForm.formState.errors;
  const busy = codeForm.formState.isSubmitting || resending;
  const problem = errors.root?.message ?? (authError && authError !== NAME_NEEDED ? authError : null);
  return (
    <form onSubmit={verify} onFocus={codeChecks.preload} noValidate className="flex flex-col gap-3">
      {problem && <ErrorBanner>{problem}</ErrorBanner>}
      <p className="text-sm text-stone-700" role="status">
        We sent a 6-digit code by {CHANNEL_NAMES[sent.channel]} to{' '}
        <span className="font-semibold whitespace-nowrap">{spokenNumber(sent.phone)}</span>.{' '}
        <button
          type="button"
          className="font-semibold text-brand-700 underline"
          onClick={() => {
            setSent(null);
            setAskName(false);
            codeForm.reset();
            numberForm.clearErrors();
            clearError();
          }}
        >
          Change number
        </button>
      </p>
      <FormField
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={OTP_RULES.digits}
        error={errors.code?.message}
        {...codeForm.register('code', {
          onChange: (event) => codeForm.setValue('code', codeDigits(event.target.value)),
        })}
      />
      {askName && (
        <>
          <p className="text-sm text-stone-700">
            This number is new to us: tell us your name to create your account.
          </p>
          <FormField
            label="Full Name"
            autoComplete="name"
            maxLength={100}
            error={errors.fullName?.message}
            {...codeForm.register('fullName')}
          />
          <FormField
            label="Email (Optional)"
            type="email"
            autoComplete="email"
            maxLength={254}
            error={errors.email?.message}
            {...codeForm.register('email')}
          />
          <AdultDeclaration error={errors.adult?.message} {...codeForm.register('adult')} />
        </>
      )}
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? 'Please wait...' : askName ? 'Create account' : 'Verify and continue'}
      </Button>
      <Button
        variant="secondary"
        disabled={busy || secondsLeft > 0}
        className="w-full"
        onClick={() => {
          clearError();
          void codes.resend(sent, refusedIn(codeForm));
        }}
      >
        {secondsLeft > 0 ? `Resend code in ${secondsLeft} s` : 'Resend code'}
      </Button>
    </form>
  );
}
