import { BulkEnquiriesView } from '../../features/admin-sales/bulk-enquiries-view';

export function Component() {
  return (
    <section>
      <h1 className="mb-4 text-2xl font-extrabold text-stone-900">Bulk enquiries</h1>
      <BulkEnquiriesView />
    </section>
  );
}
