import { useSearchParams } from 'react-router';
import { QuoteForm } from '../../features/admin-sales/quote-form';

/** /admin/quotes/new, opened from a bulk enquiry (?enquiry=12&email=...) or the nav. */
export function Component() {
  const [params] = useSearchParams();
  const enquiry = Number(params.get('enquiry'));
  return (
    <section className="max-w-3xl">
      <h1 className="mb-1 text-2xl font-extrabold text-stone-900">New bulk quote</h1>
      <p className="mb-4 text-stone-700">
        Quantity tiers set on each product price the quote; the customer pays it from the link they are
        e-mailed, and it becomes an ordinary order.
      </p>
      <QuoteForm
        enquiryId={Number.isInteger(enquiry) && enquiry > 0 ? enquiry : null}
        email={params.get('email') ?? ''}
      />
    </section>
  );
}
