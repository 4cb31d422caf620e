import { CodRemittancePanel } from '../../features/admin-money/cod-remittance-panel';
import { SalesRegisterPanel } from '../../features/admin-money/sales-register-panel';
import { SalesReportsPanel } from '../../features/admin-money/sales-reports-panel';

/** /admin/reports: the owner's figures (decision 0076) and what they download for the accounts. */
export function Component() {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-extrabold text-stone-900">Reports</h1>
      <SalesReportsPanel />
      <SalesRegisterPanel />
      <CodRemittancePanel />
    </section>
  );
}
