import { CodRemittancePanel } from '../../features/admin/cod-remittance-panel';
import { SalesRegisterPanel } from '../../features/admin/sales-register-panel';

/** /admin/reports: what the owner downloads for the accounts. */
export function Component() {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-extrabold text-stone-900">Reports</h1>
      <SalesRegisterPanel />
      <CodRemittancePanel />
    </section>
  );
}
