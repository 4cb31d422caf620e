import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import type { AcceptedStaffInvite, AcceptStaffInvite, StaffInvitation } from '../../shared/api/staff';
import { STAFF_PASSWORD_MIN_LENGTH } from '../../shared/api/staff-rules';
import { PASSWORD_MAX_LENGTH } from '../../shared/auth-rules';
import { STAFF_ROLE_LABELS } from '../../shared/staff-roles';
import { ApiError, apiRequest } from '../api/client';
import { checksOnFirstUse, useCheckedForm } from '../checked-form';
import { Button, buttonClass } from '../components/button';
import { FormField } from '../components/form-field';
import { PageMeta } from '../components/page-meta';
import { EmptyState, ErrorBanner, Spinner } from '../components/status-message';
import { useAuth } from '../features/auth/auth-provider';

// The page a staff invitation's link opens; the invitee sets a name and password. The form's
// checks (the server's schema, with Zod) load when it is first focused (decision 0088).
const checkAcceptInvite = checksOnFirstUse(
  () => import('./staff-invite-checks'),
  (checks) => checks.checkAcceptInvite,
);

const readMessage = (error: unknown) =>
  (error instanceof ApiError && error.message) || 'Something went wrong. Please try again.';

function AcceptForm({ token, invitation }: { token: string; invitation: StaffInvitation }) {
  const navigate = useNavigate();
  const auth = useAuth();
  const { register, handleSubmit, formState } = useCheckedForm({
    checks: checkAcceptInvite,
    defaultValues: { fullName: '', password: '' },
  });
  const accept = useMutation({
    mutationFn: (body: AcceptStaffInvite) =>
      apiRequest<AcceptedStaffInvite>(`/staff-invites/${encodeURIComponent(token)}/accept`, {
        method: 'POST',
        body,
      }),
    // Joining signs the member in: straight to the back office.
    onSuccess: (accepted) => {
      auth.startSession(accepted.user, accepted.token);
      navigate('/admin', { replace: true });
    },
  });
  // The server's refusal of a field shows under it, as the form's own check does.
  const fieldError = (path: 'fullName' | 'password') =>
    formState.errors[path]?.message ??
    (accept.error instanceof ApiError
      ? accept.error.errors.find((error) => error.path === path)?.message
      : undefined);

  return (
    <form
      onSubmit={handleSubmit((values) => accept.mutate(values))}
      onFocus={checkAcceptInvite.preload}
      noValidate
      aria-label="Join the staff"
      className="mt-4 flex flex-col gap-3"
    >
      <p className="text-stone-700">
        {invitation.storeName} invites <strong>{invitation.email}</strong> to its back office as{' '}
        {STAFF_ROLE_LABELS[invitation.staffRole]}.
      </p>
      {invitation.existingAccount && (
        <p className="text-sm text-stone-600">
          This e-mail already has an account: the password you set here replaces its password, it is signed
          out everywhere, and a mobile number on it must be verified again.
        </p>
      )}
      <FormField
        label="Your name"
        autoComplete="name"
        required
        maxLength={100}
        error={fieldError('fullName')}
        {...register('fullName')}
      />
      <FormField
        label={`Password (at least ${STAFF_PASSWORD_MIN_LENGTH} characters)`}
        type="password"
        autoComplete="new-password"
        required
        minLength={STAFF_PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        error={fieldError('password')}
        {...register('password')}
      />
      {formState.errors.root && <ErrorBanner>{formState.errors.root.message}</ErrorBanner>}
      {accept.error && !fieldError('fullName') && !fieldError('password') && (
        <ErrorBanner>{readMessage(accept.error)}</ErrorBanner>
      )}
      <Button type="submit" disabled={accept.isPending}>
        {accept.isPending ? 'Saving…' : 'Set password and join'}
      </Button>
    </form>
  );
}

export function StaffInvitePage() {
  const { token = '' } = useParams();
  const invitation = useQuery({
    queryKey: ['staff-invite', token],
    queryFn: ({ signal }) =>
      apiRequest<StaffInvitation>(`/staff-invites/${encodeURIComponent(token)}`, { signal }),
    retry: false,
  });

  return (
    <section className="mx-auto max-w-md py-6">
      <PageMeta title="Join the staff" description="Accept an invitation to the store's back office." />
      <meta name="robots" content="noindex" />
      <h1 className="mb-4 text-2xl font-extrabold text-stone-900">Join the staff</h1>
      {invitation.isPending ? (
        <div className="py-16 text-center">
          <Spinner label="Checking your invitation" />
        </div>
      ) : invitation.error ? (
        <EmptyState
          title="This invitation cannot be used"
          action={
            <Link to="/" className={buttonClass('primary')}>
              Go to the store
            </Link>
          }
        >
          {readMessage(invitation.error)}
        </EmptyState>
      ) : (
        <div className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm">
          <AcceptForm token={token} invitation={invitation.data} />
        </div>
      )}
    </section>
  );
}

export { StaffInvitePage as Component };
