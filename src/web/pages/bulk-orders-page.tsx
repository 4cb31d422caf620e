import { useSearchParams } from 'react-router';
import { BULK_ENQUIRY_PARAMS } from '../../shared/cart-rules';
import { lowestPriceClaim } from '../../shared/catalog-claims';
import { storeSettings } from '../app-data';
import { PageMeta } from '../components/page-meta';
import { useAuth } from '../features/auth/auth-provider';
import { BulkEnquiryFormCard } from '../features/bulk-orders/bulk-enquiry-form';
import { useCatalogSummary } from '../features/catalog/catalog-api';

/** Where the home page's bulk-order promise leads. */
export function BulkOrdersPage() {
  const { user } = useAuth();
  // Decision 0080: from a product page's "Need more? Get a bulk price", the product and quantity.
  const [params] = useSearchParams();
  // The live cheapest price, as home claims it (catalog-claims.ts): none while it is unknown.
  const priceClaim = lowestPriceClaim(useCatalogSummary().data?.lowestPrice ?? null);
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-5 py-4">
      <PageMeta
        title="Bulk and corporate orders"
        description={`Return gifts for 50 or 500 guests, wedding favours and corporate gifting from ${storeSettings.storeName}. Tell us what you need and get a quote.`}
        canonicalPath="/bulk-orders"
      />
      <div>
        <h1 className="text-2xl font-extrabold text-stone-900 sm:text-3xl">Bulk and corporate orders</h1>
        <p className="mt-2 text-stone-700">
          Return gifts for a birthday party, favours for a wedding, Diwali gifts for your team: tell us the
          occasion, how many pieces and by when, and our gifting team will call you with a quote.{' '}
          {priceClaim
            ? `${priceClaim} a piece, with GST invoices for businesses.`
            : 'Businesses get GST invoices.'}
        </p>
      </div>
      <BulkEnquiryFormCard
        defaults={{
          name: user?.fullName ?? '',
          email: user?.email ?? '',
          productsOrBudget: params.get(BULK_ENQUIRY_PARAMS.product) ?? '',
          quantity: params.get(BULK_ENQUIRY_PARAMS.quantity) ?? '',
        }}
      />
    </section>
  );
}

export { BulkOrdersPage as Component };
