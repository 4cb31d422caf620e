import { useDashboard } from '../../features/admin/admin-api';
import { QueryState } from '../../features/admin/admin-ui';
import { DashboardView } from '../../features/admin/dashboard-view';

export function Component() {
  const dashboard = useDashboard();
  return (
    <section>
      <h1 className="mb-4 text-2xl font-extrabold text-stone-900">Dashboard</h1>
      <QueryState isPending={dashboard.isPending} error={dashboard.error} label="the dashboard">
        {dashboard.data && <DashboardView dashboard={dashboard.data} />}
      </QueryState>
    </section>
  );
}
