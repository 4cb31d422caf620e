import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { PageMeta } from '../components/page-meta';
import { LoginForm } from '../features/auth/auth-forms';
import { ContinueWithPhone } from '../features/auth/auth-modal';
import { useAuth } from '../features/auth/auth-provider';
import { PhoneSignInForm } from '../features/auth/phone-sign-in-form';
import { carriedState, messageOf, returnPathOf } from '../features/auth/return-to';

/** SPEC 2 "Login page": back to where the shopper came from, with any shipping address. */
export function LoginPage() {
  const { user, clearError } = useAuth();
  // Decision 0069: the mobile number first; e-mail and password are the second way.
  const [byPhone, setByPhone] = useState(true);
  const location = useLocation();
  const navigate = useNavigate();
  const returnTo = returnPathOf(location);
  const state = carriedState(location);
  const message = messageOf(location);

  // An error from an earlier attempt elsewhere (the modal) does not belong on this page.
  useEffect(() => clearError(), [clearError]);

  if (user) return <Navigate to={returnTo} replace state={state} />;

  return (
    <section className="mx-auto max-w-sm py-6">
      <PageMeta
        title="Login"
        description="Sign in to your account to check out, track orders and keep a wishlist."
        canonicalPath="/login"
      />
      <div className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm">
        <h1 className="text-2xl font-extrabold text-stone-900">Sign in to your account</h1>
        {message && (
          <p
            role="status"
            className="mt-3 rounded-lg bg-brand-100 px-3 py-2 text-sm font-semibold text-brand-800"
          >
            {message}
          </p>
        )}
        <div className="mt-4">
          {byPhone ? (
            <PhoneSignInForm onSuccess={() => navigate(returnTo, { replace: true, state })} />
          ) : (
            <LoginForm onSuccess={() => navigate(returnTo, { replace: true, state })} />
          )}
          <ContinueWithPhone
            byPhone={byPhone}
            onChange={(next) => {
              clearError();
              setByPhone(next);
            }}
          />
        </div>
        <p className="mt-4 text-center text-sm text-stone-600">
          New here?{' '}
          <Link
            to={`/register${location.search}`}
            state={location.state}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            Sign up
          </Link>
        </p>
      </div>
    </section>
  );
}

export { LoginPage as Component };
