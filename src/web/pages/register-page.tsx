import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { PageMeta } from '../components/page-meta';
import { RegisterForm } from '../features/auth/auth-forms';
import { ContinueWithPhone } from '../features/auth/auth-modal';
import { useAuth } from '../features/auth/auth-provider';
import { PhoneSignInForm } from '../features/auth/phone-sign-in-form';
import { carriedState, returnPathOf } from '../features/auth/return-to';

/** SPEC 2 "Register page": back to where the shopper came from, with any shipping address. */
export function RegisterPage() {
  const { user, clearError } = useAuth();
  const [byPhone, setByPhone] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const returnTo = returnPathOf(location);
  const state = carriedState(location);

  useEffect(() => clearError(), [clearError]);

  if (user) return <Navigate to={returnTo} replace state={state} />;

  return (
    <section className="mx-auto max-w-sm py-6">
      <PageMeta
        title="Create account"
        description="Create an account to check out faster and keep a wishlist."
        canonicalPath="/register"
      />
      <div className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm">
        <h1 className="text-2xl font-extrabold text-stone-900">Create your account</h1>
        <div className="mt-4">
          {byPhone ? (
            <PhoneSignInForm onSuccess={() => navigate(returnTo, { replace: true, state })} />
          ) : (
            <RegisterForm onSuccess={() => navigate(returnTo, { replace: true, state })} />
          )}
          <ContinueWithPhone
            signingUp
            byPhone={byPhone}
            onChange={(next) => {
              clearError();
              setByPhone(next);
            }}
          />
        </div>
        <p className="mt-4 text-center text-sm text-stone-600">
          Already have an account?{' '}
          <Link
            to={`/login${location.search}`}
            state={location.state}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            Sign in
          </Link>
        </p>
      </div>
    </section>
  );
}

export { RegisterPage as Component };
