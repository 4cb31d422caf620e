import { Link, useParams } from 'react-router';
import type { User } from '../../shared/api/auth';
import { apiRequest } from '../api/client';
import { Button, buttonClass } from '../components/button';
import { PageMeta } from '../components/page-meta';
import { EmptyState, ErrorBanner, Spinner } from '../components/status-message';
import { useAuth } from '../features/auth/auth-provider';
import { useConfirmEmailChange, useEmailChangeLink } from '../features/auth/email-change-api';

/**
 * Decision 0075: the page a new e-mail's link opens. It says which address it confirms and
 * changes nothing until the shopper presses the button (mail scanners open links too).
 */
export function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const auth = useAuth();
  const link = useEmailChangeLink(token);
  const confirm = useConfirmEmailChange();

  const confirmNow = () =>
    confirm.mutate(token, {
      // Signed in on this device: the account as it now is, with its new e-mail.
      onSuccess: async () => {
        if (!auth.user) return;
        const me = await apiRequest<{ user: User }>('/auth/me').catch(() => null);
        if (me) auth.replaceUser(me.user);
      },
    });

  return (
    <section className="mx-auto max-w-md py-6">
      <PageMeta title="Confirm your e-mail" description="Confirm the new e-mail of your account." />
      <meta name="robots" content="noindex" />
      <h1 className="mb-4 text-2xl font-extrabold text-stone-900">Confirm your e-mail</h1>
      {confirm.isSuccess ? (
        <div className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm">
          <p role="status" className="break-words text-stone-800">
            Done. Your account now uses <strong>{confirm.data.email}</strong>. Sign in with it from now on.
          </p>
          <Link to={auth.user ? '/orders' : '/login'} className={buttonClass('primary', 'mt-4')}>
            {auth.user ? 'Go to my account' : 'Sign in'}
          </Link>
        </div>
      ) : link.isPending ? (
        <div className="py-16 text-center">
          <Spinner label="Reading your link" />
        </div>
      ) : link.isError ? (
        <EmptyState
          title="This link cannot be used"
          action={
            <Link to="/" className={buttonClass('primary')}>
              Go to the store
            </Link>
          }
        >
          {link.error.message || 'Please ask for a new link from your account page.'}
        </EmptyState>
      ) : (
        <div className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm">
          <p className="break-words text-stone-800">
            Use <strong>{link.data.newEmail}</strong> as the e-mail of your account? You will sign in with it
            and get your invoices at it.
          </p>
          {confirm.isError && (
            <div className="mt-3">
              <ErrorBanner>{confirm.error.message || 'That did not work. Please try again.'}</ErrorBanner>
            </div>
          )}
          <Button className="mt-4" disabled={confirm.isPending} onClick={confirmNow}>
            {confirm.isPending ? 'Confirming…' : 'Confirm e-mail'}
          </Button>
        </div>
      )}
    </section>
  );
}

export { ConfirmEmailPage as Component };
