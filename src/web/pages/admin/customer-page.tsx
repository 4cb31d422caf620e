import { Link, useParams } from 'react-router';
import { canUseRoute } from '../../../shared/staff-roles';
import { QueryState } from '../../components/admin/admin-ui';
import { useAdminCustomer } from '../../features/admin-people/customers-api';
import { CustomerDetailView } from '../../features/admin-people/customers-view';
import { useAuth } from '../../features/auth/auth-provider';

export function Component() {
  const { id = '' } = useParams();
  const customer = useAdminCustomer(id);
  const { user } = useAuth();
  return (
    <section className="space-y-4">
      <Link to="/admin/customers" className="text-sm font-semibold text-brand-700 underline">
        ← All customers
      </Link>
      <QueryState isPending={customer.isPending} error={customer.error} label="the customer">
        {customer.data && (
          <>
            <h1 className="text-2xl font-extrabold break-words text-stone-900">
              {customer.data.customer.name}
            </h1>
            <CustomerDetailView
              detail={customer.data}
              canApproveCorporate={canUseRoute(user?.staffRole, 'PUT', '/api/admin/customers/:id/corporate')}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
