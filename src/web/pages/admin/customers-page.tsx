import { canUseRoute } from '../../../shared/staff-roles';
import { CustomersView, DownloadCustomers } from '../../features/admin-people/customers-view';
import { useAuth } from '../../features/auth/auth-provider';

export function Component() {
  const { user } = useAuth();
  return (
    <section>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-extrabold text-stone-900">Customers</h1>
        {/* Decision 0076: the exportCustomers permission's alone; the API checks it again. */}
        {canUseRoute(user?.staffRole, 'GET', '/api/admin/customers/export.csv') && <DownloadCustomers />}
      </div>
      <CustomersView />
    </section>
  );
}
