import { QueryState } from '../../components/admin/admin-ui';
import { DashboardView } from '../../features/admin-money/dashboard-view';
import { useDashboard } from '../../features/admin-money/money-api';
import { RefundsOwedPanel } from '../../features/admin-orders/returned-parcel';

export function Component() {
  const dashboard = useDashboard();
  return (
    <section>
      <h1 className="mb-4 text-2xl font-extrabold text-stone-900">Dashboard</h1>
      <QueryState isPending={dashboard.isPending} error={dashboard.error} label="the dashboard">
        {dashboard.data && (
          <div className="space-y-4">
            <DashboardView dashboard={dashboard.data} />
            {/* Decision 0064: the owner's refunds owed, with their age. */}
            {dashboard.data.showsMoney && <RefundsOwedPanel />}
          </div>
        )}
      </QueryState>
    </section>
  );
}
