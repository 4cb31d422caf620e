import { lazy, Suspense, useEffect } from 'react';
import { QueryState } from '../../components/admin/admin-ui';
import { Spinner } from '../../components/status-message';
import { useOwnerSettings } from './settings-api';

// The form, and the shared schema its fields are built from (with Zod), download while the
// settings are asked for, not with the page: the page stays within its JavaScript budget (decision 0088).
const loadForm = () => import('./settings-form');
const SettingsForm = lazy(() => loadForm().then((module) => ({ default: module.SettingsForm })));

/** The back office's Settings page (owners only). */
export function SettingsView() {
  const query = useOwnerSettings();
  useEffect(() => {
    loadForm().catch(() => undefined);
  }, []);
  return (
    <QueryState isPending={query.isPending} error={query.error} label="settings">
      {query.data && (
        <Suspense fallback={<Spinner label="Loading settings" />}>
          <SettingsForm answer={query.data} />
        </Suspense>
      )}
    </QueryState>
  );
}
