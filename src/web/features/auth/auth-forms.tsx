import { useEffect, useState } from 'react';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';
import { AdultDeclaration } from './adult-declaration';
import { preloadSignIn, useAuth } from './auth-provider';

export type AuthMode = 'login' | 'signup';

// The forms' checks are the shared schemas run with Zod (auth-form-checks.ts): they load when a
// form is first focused or checked, not with the page, so the login and register pages stay well
// within their JavaScript budget (decision 0088).
const loadChecks = () => import('./auth-form-checks');

const checkLogin = checksOnFirstUse(loadChecks, (checks) => checks.checkLogin);
const checkQuickSignup = checksOnFirstUse(loadChecks, (checks) => checks.checkQuickSignup);
const checkRegister = checksOnFirstUse(loadChecks, (checks) => checks.checkRegister);

/** What a form could not check (offline), in the red box. */
function CheckError({ message }: { message: string | undefined }) {
  return message ? <ErrorBanner>{message}</ErrorBanner> : null;
}

/** Server failures (SPEC 8) in the red box; field rules appear under each field. */
function AuthError() {
  const { error } = useAuth();
  return error ? <ErrorBanner>{error}</ErrorBanner> : null;
}

/** Runs a submit with the button disabled and its busy label shown until it settles. */
function useSubmitting() {
  useEffect(preloadSignIn, []);
  const [submitting, setSubmitting] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setSubmitting(true);
    try {
      await action();
    } finally {
      setSubmitting(false);
    }
  };
  return [submitting, run] as const;
}

/** The login modal's form of a mode: one component, so the modal loads both forms at once. */
export function ModalForm({ mode, onSuccess }: { mode: AuthMode; onSuccess(): void }) {
  return mode === 'login' ? <LoginForm onSuccess={onSuccess} /> : <QuickSignupForm onSuccess={onSuccess} />;
}

export function LoginForm({ onSuccess }: { onSuccess(): void }) {
  const { login } = useAuth();
  const [submitting, run] = useSubmitting();
  const { register, handleSubmit, formState } = useCheckedForm({
    checks: checkLogin,
    defaultValues: { email: '', password: '' },
  });
  const submit = handleSubmit((values) =>
    run(async () => {
      if (await login(values)) onSuccess();
    }),
  );
  return (
    <form onSubmit={submit} onFocus={checkLogin.preload} noValidate className="flex flex-col gap-3">
      <AuthError />
      <CheckError message={formState.errors.root?.message} />
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        error={formState.errors.email?.message}
        {...register('email')}
      />
      <FormField
        label="Password"
        type="password"
        autoComplete="current-password"
        placeholder="Password"
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" disabled={submitting} className="mt-1 w-full">
        {submitting ? 'Please wait...' : 'Sign in'}
      </Button>
    </form>
  );
}

export function QuickSignupForm({ onSuccess }: { onSuccess(): void }) {
  const { quickSignup } = useAuth();
  const [submitting, run] = useSubmitting();
  const { register, handleSubmit, formState } = useCheckedForm({
    checks: checkQuickSignup,
    defaultValues: { email: '', password: '', name: '', adult: false },
  });
  const submit = handleSubmit((values) =>
    run(async () => {
      if (await quickSignup(values)) onSuccess();
    }),
  );
  return (
    <form onSubmit={submit} onFocus={checkQuickSignup.preload} noValidate className="flex flex-col gap-3">
      <AuthError />
      <CheckError message={formState.errors.root?.message} />
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        error={formState.errors.email?.message}
        {...register('email')}
      />
      <FormField
        label="Password"
        type="password"
        autoComplete="new-password"
        placeholder="Password (min 6 characters)"
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <FormField
        label="Full Name (Optional)"
        autoComplete="name"
        placeholder="Full Name (Optional)"
        error={formState.errors.name?.message}
        {...register('name')}
      />
      <AdultDeclaration error={formState.errors.adult?.message} {...register('adult')} />
      <Button type="submit" disabled={submitting} className="mt-1 w-full">
        {submitting ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}

export function RegisterForm({ onSuccess }: { onSuccess(): void }) {
  const { register: registerAccount } = useAuth();
  const [submitting, run] = useSubmitting();
  const { register, handleSubmit, formState, setError } = useCheckedForm({
    checks: checkRegister,
    defaultValues: {
      fullName: '',
      username: '',
      email: '',
      password: '',
      confirmPassword: '',
      adult: false,
    },
  });
  const submit = handleSubmit(({ confirmPassword, ...payload }) => {
    // SPEC 5: a mismatch says 'Passwords do not match' and nothing is sent. Said under the
    // confirmation (focused, so a screen reader reads it) rather than in the browser's alert box.
    if (confirmPassword !== payload.password) {
      setError(
        'confirmPassword',
        { type: 'mismatch', message: 'Passwords do not match' },
        { shouldFocus: true },
      );
      return;
    }
    return run(async () => {
      if (await registerAccount(payload)) onSuccess();
    });
  });
  const errors = formState.errors;
  return (
    <form onSubmit={submit} onFocus={checkRegister.preload} noValidate className="flex flex-col gap-3">
      <AuthError />
      <CheckError message={errors.root?.message} />
      <FormField
        label="Full Name"
        autoComplete="name"
        error={errors.fullName?.message}
        {...register('fullName')}
      />
      <FormField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        error={errors.username?.message}
        {...register('username')}
      />
      <FormField
        label="Email address"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <FormField
        label="Password"
        type="password"
        autoComplete="new-password"
        placeholder="Password (min 6 characters)"
        error={errors.password?.message}
        {...register('password')}
      />
      <FormField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <AdultDeclaration error={errors.adult?.message} {...register('adult')} />
      <Button type="submit" disabled={submitting} className="mt-1 w-full">
        {submitting ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}
