import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from '../../components/modal';
import { Spinner } from '../../components/status-message';
import type { AuthMode } from './auth-forms';
import { useAuth } from './auth-provider';
import { ContinueWithPhone } from './continue-with-phone';

// The forms bring react-hook-form, its resolvers and Zod: loaded when the modal first opens, they
// stay out of the JavaScript of every page and of checkout, which only may open it (the
// budget of scripts/js-budget.ts, docs/performance.md "JavaScript budget").
const ModalForm = lazy(() => import('./auth-forms').then((module) => ({ default: module.ModalForm })));
const PhoneSignInForm = lazy(() =>
  import('./phone-sign-in-form').then((module) => ({ default: module.PhoneSignInForm })),
);

const PHONE_TITLE = {
  title: 'Continue with mobile number',
  subtitle: 'Sign in or sign up with a one-time code',
};

const TITLES: Record<AuthMode, { title: string; subtitle: string }> = {
  login: { title: 'Welcome Back!', subtitle: 'Sign in to continue shopping' },
  signup: { title: 'Quick Signup', subtitle: 'Create account in 30 seconds' },
};

/** SPEC 2 "Login and signup modal" with SPEC 4's transitions (opened through auth-modal.tsx). */
export function AuthDialog({
  isOpen,
  onClose,
  defaultMode = 'login',
  redirectTo = '/',
}: {
  isOpen: boolean;
  onClose(): void;
  defaultMode?: AuthMode;
  redirectTo?: string;
}) {
  const { clearError } = useAuth();
  const navigate = useNavigate();
  const [mode, setMode] = useState<AuthMode>(defaultMode);
  // Decision 0032: the same modal signs in by a mobile number and a code, so checkout is never left.
  // Decision 0069: signing in leads with the mobile number; e-mail and password are the second way.
  const [byPhone, setByPhone] = useState(defaultMode === 'login');
  // A new key remounts the form: the quickest way to clear every field.
  const [formKey, setFormKey] = useState(0);

  const reset = (nextMode: AuthMode) => {
    setMode(nextMode);
    setByPhone(nextMode === 'login');
    setFormKey((key) => key + 1);
    clearError();
  };

  // SPEC 2: when the default mode changes, the mode resets and the fields and error clear. The
  // same happens each time the modal opens again, so an old error or password never greets the
  // shopper. The first opening starts that way already: the form is not mounted twice, so what the
  // shopper types at once is not lost to a second mount.
  const shown = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset is rebuilt every render; these two values decide
  useEffect(() => {
    if (!isOpen) return;
    if (shown.current) reset(defaultMode);
    else clearError();
    shown.current = true;
  }, [defaultMode, isOpen]);

  const onSuccess = () => {
    onClose();
    if (redirectTo !== '/') navigate(redirectTo);
  };

  const { title, subtitle } = byPhone ? PHONE_TITLE : TITLES[mode];
  return (
    <Modal isOpen={isOpen} onClose={onClose} title={title} subtitle={subtitle}>
      <Suspense
        fallback={
          <div className="flex justify-center py-8">
            <Spinner label="Loading the form" />
          </div>
        }
      >
        {byPhone ? (
          <PhoneSignInForm key={formKey} onSuccess={onSuccess} />
        ) : (
          <ModalForm key={formKey} mode={mode} onSuccess={onSuccess} />
        )}
      </Suspense>
      <ContinueWithPhone
        signingUp={mode === 'signup'}
        byPhone={byPhone}
        onChange={(next) => {
          clearError();
          setFormKey((key) => key + 1);
          setByPhone(next);
        }}
      />
      <p className="mt-4 text-center text-sm text-stone-600">
        {mode === 'login' ? "Don't have an account? " : 'Already have an account? '}
        <button
          type="button"
          onClick={() => reset(mode === 'login' ? 'signup' : 'login')}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          {mode === 'login' ? 'Sign up' : 'Sign in'}
        </button>
      </p>
    </Modal>
  );
}
