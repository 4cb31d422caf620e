import type { Product, ProductDetails } from '../../../shared/api/catalog';
import { formatIndiaMonth } from '../../../shared/india-time';
import { netQuantityText } from '../../../shared/legal-metrology-terms';
import { formatInr } from '../../../shared/money';
import type { StoreSettings } from '../../../shared/store-settings';

// Decision 0059, Legal Metrology (Packaged Commodities) Rules 2011, rule 6(10): the declarations
// of the pack, on the product page, as a list of terms that wraps at 360 px.

const MAKER_WORDS = {
  manufacturer: 'Manufactured by',
  packer: 'Packed by',
  importer: 'Imported by',
} as const;

type Row = { term: string; value: string };

export function declarationRows(
  product: Pick<Product, 'mrp'>,
  details: ProductDetails,
  care: Pick<StoreSettings, 'customerCare' | 'seller'>,
): Row[] {
  const declared = details.declarations;
  const rows: Row[] = [];
  const add = (term: string, value: string | null | undefined) => {
    if (value) rows.push({ term, value });
  };
  add('Generic name', declared.genericName);
  if (declared.netQuantity !== undefined && declared.netUnit) {
    const unit = details.unitPrice
      ? ` (${formatInr(details.unitPrice.price)} per ${details.unitPrice.per})`
      : '';
    add('Net quantity', `${netQuantityText(declared.netQuantity, declared.netUnit)}${unit}`);
  }
  // The MRP the API sends (decision 0059); the synthetic one of SPEC 9 is never declared.
  if (typeof product.mrp === 'number') add('MRP', `${formatInr(product.mrp)} (incl. of all taxes)`);
  add('Country of origin', declared.countryOfOrigin);
  if (declared.makerName) {
    add(
      MAKER_WORDS[declared.makerRole ?? 'manufacturer'],
      [declared.makerName, declared.makerAddress].filter(Boolean).join(', '),
    );
  }
  add('Dimensions', declared.dimensions);
  add('Best before', declared.bestBefore);
  add(
    'Month of manufacture',
    declared.manufacturedMonth ? formatIndiaMonth(declared.manufacturedMonth) : null,
  );
  add(
    'Consumer care',
    [care.seller.legalName, care.seller.address, care.customerCare.phone, care.customerCare.email]
      .filter(Boolean)
      .join(', '),
  );
  return rows;
}

/** The "Product details" section: every declaration the product has, with the store's consumer care. */
export function ProductDeclarations({
  product,
  details,
  care,
}: {
  product: Pick<Product, 'mrp'>;
  details: ProductDetails;
  care: Pick<StoreSettings, 'customerCare' | 'seller'>;
}) {
  return (
    <section aria-labelledby="product-details-heading" className="rounded-lg border border-stone-200 p-4">
      <h2 id="product-details-heading" className="text-lg font-semibold text-stone-900">
        Product details
      </h2>
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
        {declarationRows(product, details, care).map((row) => (
          <div key={row.term} className="contents">
            <dt className="font-medium text-stone-700">{row.term}</dt>
            <dd className="mb-2 break-words text-stone-900 sm:mb-0">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
