import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { Product } from '../../../shared/api/catalog';
import { bulkEnquiryPath, clampQuantity, stockStatus } from '../../../shared/cart-rules';
import { tagWords } from '../../../shared/gift-finder';
import { formatInr } from '../../../shared/money';
import {
  bulkOnlyTiers,
  cartTiers,
  describeTiers,
  tierFor,
  tierText,
} from '../../../shared/quantity-tier-rules';
import { categoryPath, productPath } from '../../../shared/slug';
import { siteOrigin } from '../../app-data';
import { Breadcrumbs } from './breadcrumbs';
import { PriceTag } from './price-tag';
import { galleryImages, ProductGallery } from './product-gallery';
import { QuantityStepper } from './quantity-stepper';
import { ShareButton } from './share-button';
import { StockStatus } from './stock-status';

/**
 * What other features put on the product page (pages compose features): the cart's 'Add to
 * Cart' for the chosen quantity, the wishlist toggle and the delivery checker.
 */
export type ProductDetailSlots = {
  renderAddToCart?: (product: Product, quantity: number) => ReactNode;
  /** 'Buy Now' for the chosen quantity, beside Add to Cart. */
  renderBuyNow?: (product: Product, quantity: number) => ReactNode;
  /** Decision 0084: 'Start a group gift', under Buy Now in the page (not in the sticky bar). */
  renderGroupGift?: (product: Product, quantity: number) => ReactNode;
  /** The personalisation form of a personalisable product. */
  renderPersonalisation?: (product: Product) => ReactNode;
  renderWishlistToggle?: (product: Product) => ReactNode;
  renderDeliveryChecker?: (product: Product) => ReactNode;
  /** Decision 0071: "Notify me when it's back", shown while the product is sold out. */
  renderStockAlert?: (product: Product) => ReactNode;
};

export const productCrumbs = (product: Product) => [
  { name: 'Home', path: '/' },
  { name: product.category, path: categoryPath(product.categoryData) },
  { name: product.name, path: productPath(product) },
];

/** SPEC 2 "Product detail". Mount it with `key={product.id}` so the quantity starts afresh. */
export function ProductDetail({
  product,
  renderAddToCart,
  renderBuyNow,
  renderGroupGift,
  renderPersonalisation,
  renderWishlistToggle,
  renderDeliveryChecker,
  renderStockAlert,
}: { product: Product } & ProductDetailSlots) {
  const soldOut = stockStatus(product) === 'out_of_stock';
  // SPEC 4: the quantity starts at minQuantity whenever a product loads.
  const min = clampQuantity(product.minQuantity);
  const [chosen, setChosen] = useState<number | null>(null);
  const quantity = clampQuantity(chosen ?? min, min);
  const images = galleryImages(product);
  // Decision 0080: tiers a cart line reaches are priced at checkout; the rest are for bulk quotes.
  const inCart = cartTiers(product.quantityTiers);
  const reached = tierFor(inCart, quantity);
  const forBulk = bulkOnlyTiers(product.quantityTiers);
  const url = `${siteOrigin()}${productPath(product)}`;

  return (
    <div className="flex flex-col gap-4">
      <Breadcrumbs crumbs={productCrumbs(product)} />
      <div className="grid gap-6 md:grid-cols-2">
        <ProductGallery images={images} name={product.name} />

        <div className="flex flex-col gap-4">
          <div className="flex items-start justify-between gap-3">
            <div className="flex flex-col gap-1">
              <Link
                to={categoryPath(product.categoryData)}
                className="text-sm font-semibold text-brand-700 hover:underline"
              >
                {product.category}
              </Link>
              <h1 className="text-2xl font-extrabold text-stone-900 sm:text-3xl">{product.name}</h1>
              {product.ratingCount > 0 && (
                <p className="text-sm text-stone-700">
                  <span aria-hidden="true" className="text-festive-gold">
                    ★
                  </span>{' '}
                  <span className="font-semibold">{product.rating.toFixed(1)}</span>
                  <span className="sr-only"> out of 5</span> ({product.ratingCount.toLocaleString('en-IN')}{' '}
                  {product.ratingCount === 1 ? 'rating' : 'ratings'})
                </p>
              )}
            </div>
            {renderWishlistToggle?.(product)}
          </div>

          <div className="flex flex-col gap-1">
            <PriceTag product={product} size="lg" />
            <p className="text-xs text-stone-600">Inclusive of all taxes</p>
          </div>

          <StockStatus product={product} />
          {soldOut && renderStockAlert?.(product)}

          {renderPersonalisation?.(product)}

          <div className="flex flex-col gap-2">
            <span className="text-sm font-semibold text-stone-800">Quantity</span>
            {/* Decision 0071: nothing to count while it is sold out. */}
            <QuantityStepper
              value={quantity}
              min={min}
              onChange={setChosen}
              disabled={soldOut}
              bulkPath={bulkEnquiryPath(product.name)}
            />
            {min > 1 && <p className="text-xs text-stone-600">Minimum order: {min} pieces</p>}
            {inCart.length > 0 && (
              <ul aria-label="Quantity discounts" className="flex flex-wrap gap-2 text-sm">
                {inCart.map((tier) => (
                  <li
                    key={tier.minQuantity}
                    className={`rounded-full px-3 py-1 font-semibold ${tier === reached ? 'bg-green-700 text-white' : 'bg-green-50 text-green-800'}`}
                  >
                    {tierText(tier)}
                    {tier === reached && <span className="sr-only"> (applied)</span>}
                  </li>
                ))}
              </ul>
            )}
          </div>

          {renderAddToCart?.(product, quantity)}
          {renderBuyNow?.(product, quantity)}
          {renderGroupGift?.(product, quantity)}

          {forBulk.length > 0 && (
            <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-stone-800">
              Buying for a party? {describeTiers(forBulk)} —{' '}
              <Link to={bulkEnquiryPath(product.name)} className="font-semibold text-brand-700 underline">
                ask for a bulk quote
              </Link>
            </p>
          )}

          <ShareButton
            title={product.name}
            text={`${product.name} for ${formatInr(product.price)}`}
            url={url}
          />

          {renderDeliveryChecker?.(product)}

          <section aria-labelledby="product-description" className="flex flex-col gap-2">
            <h2 id="product-description" className="text-lg font-bold text-stone-900">
              Description
            </h2>
            <p className="whitespace-pre-line text-stone-700">
              {product.description || 'No description yet.'}
            </p>
          </section>

          {product.tags.length > 0 && (
            <section aria-labelledby="product-features" className="flex flex-col gap-2">
              <h2 id="product-features" className="text-lg font-bold text-stone-900">
                Features
              </h2>
              <ul className="flex flex-wrap gap-2">
                {product.tags.map((tag) => (
                  <li
                    key={tag}
                    className="rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-800"
                  >
                    {tagWords(tag)}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>

      {/* SPEC 2: mobile sticky bar with the price and the cart button. */}
      <div className="fixed inset-x-0 bottom-0 z-20 border-t border-brand-100 bg-white/95 px-4 py-2 backdrop-blur md:hidden">
        <div className="flex items-center gap-3">
          <div className="flex min-w-0 flex-col">
            {/* The page title says the name; a phone needs the room for Add to Cart and Buy Now. */}
            <span className="hidden truncate text-xs text-stone-600 sm:block">{product.name}</span>
            <span className="text-lg font-extrabold text-stone-900">{formatInr(product.price)}</span>
          </div>
          {/* Two buttons side by side on a 360 px phone: a little tighter, on one line each. */}
          <div className="ml-auto flex min-w-0 flex-1 items-start gap-2 [&_button]:px-2 [&_button]:text-sm [&_button]:whitespace-nowrap">
            <div className="min-w-0 flex-1">{renderAddToCart?.(product, quantity)}</div>
            {renderBuyNow && <div className="min-w-0 flex-1">{renderBuyNow(product, quantity)}</div>}
          </div>
        </div>
      </div>
    </div>
  );
}
