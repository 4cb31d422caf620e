import { Link, Outlet, useLocation } from 'react-router';
import { AdminNav, mayOpenAdminScreen } from '../../components/admin/admin-nav';
import { StaffRoleProvider } from '../../components/admin/staff-permission';
import { buttonClass } from '../../components/button';
import { EmptyState, Spinner } from '../../components/status-message';
import { useAuth } from '../../features/auth/auth-provider';

/** The back office's frame: shown to admins only; the API checks the role again. */
export function Component() {
  const { user, loading } = useAuth();
  const location = useLocation();

  return (
    <div className="mx-auto max-w-6xl pb-10">
      <title>Back office</title>
      <meta name="robots" content="noindex, nofollow" />
      {loading ? (
        <div className="py-16 text-center">
          <Spinner label="Checking your account" />
        </div>
      ) : user?.role !== 'admin' ? (
        <EmptyState
          title="You need an admin account"
          action={
            <Link to="/login" state={{ from: location }} className={buttonClass('primary')}>
              {user ? 'Log in as an admin' : 'Login'}
            </Link>
          }
        >
          {user
            ? `You are signed in as ${user.email}, which is not an admin account.`
            : 'Please log in with an admin account.'}
        </EmptyState>
      ) : (
        <>
          <AdminNav role={user.staffRole} />
          <div className="pt-4">
            {/* Decision 0076: a screen outside the role's permissions says so; the API refuses it too. */}
            {mayOpenAdminScreen(user.staffRole, location.pathname) === false ? (
              <section className="mx-auto max-w-md py-12 text-center">
                <h1 className="text-xl font-bold text-stone-900">Your role does not include this page</h1>
                <p className="mt-2 text-stone-600">Ask the store's owner if you need it.</p>
                <Link to="/admin" className={`${buttonClass('primary')} mt-6`}>
                  Back to the dashboard
                </Link>
              </section>
            ) : (
              <StaffRoleProvider value={user.staffRole ?? null}>
                <Outlet />
              </StaffRoleProvider>
            )}
          </div>
        </>
      )}
    </div>
  );
}
