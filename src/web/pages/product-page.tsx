import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import type { AddOn } from '../../shared/api/catalog';
import { canAddToCart, clampQuantity, stockStatus } from '../../shared/cart-rules';
import { breadcrumbJsonLd, metaDescription, productJsonLd } from '../../shared/catalog-structured-data';
import { checkPersonalisation, personalisationValuesOf } from '../../shared/personalisation-rules';
import { idFromSlug, productPath } from '../../shared/slug';
import { ApiError } from '../api/client';
import { siteOrigin, storeSettings } from '../app-data';
import { PageMeta } from '../components/page-meta';
import { EmptyState } from '../components/status-message';
import { useAuth } from '../features/auth/auth-provider';
import { AddToCartButton } from '../features/cart/add-to-cart-button';
import { buyNowState } from '../features/cart/buy-now';
import { BuyNowButton } from '../features/cart/buy-now-button';
import { toCartItem } from '../features/cart/cart-item';
import { useCartActions } from '../features/cart/use-cart';
import { trackItemView } from '../features/catalog/catalog-analytics';
import { useProduct, useProductDetails } from '../features/catalog/catalog-api';
import { ProductDeclarations } from '../features/catalog/product-declarations';
import { ProductDetail, productCrumbs } from '../features/catalog/product-detail';
import { productGoneState } from '../features/catalog/product-gone';
import { recordProductView } from '../features/catalog/recently-viewed';
import { ProductDetailSkeleton } from '../features/catalog/skeletons';
import { EarliestDelivery } from '../features/delivery-dates/earliest-delivery';
import { DeliveryChecker } from '../features/location/delivery-checker';
import { emptyPersonalisation, PersonalisationForm } from '../features/personalisation/personalisation-form';
import { NotifyMe } from '../features/stock-alerts/notify-me';
import { WishlistToggle } from '../features/wishlist/wishlist-toggle';
import { DeferredBelowFold } from './deferred-below-fold';

// Decision 0079: loaded on the first Add to Cart, not with the page (its JavaScript budget).
const AddOnStep = lazy(() =>
  import('../features/catalog/add-on-step').then((module) => ({ default: module.AddOnStep })),
);

/** SPEC 2 /product/{name-slug}-{id}; a missing or non-numeric id sends the shopper to /products. */
export function ProductPage() {
  const { slug } = useParams();
  const id = idFromSlug(slug);
  if (id === null) return <Navigate to="/products" replace state={productGoneState} />;
  return <ProductView key={id} id={id} />;
}

function ProductView({ id }: { id: number }) {
  const navigate = useNavigate();
  const { data: product, isError, error } = useProduct(id);
  // Decision 0059: the pack's declarations, asked for beside the product.
  const { data: details } = useProductDetails(id);
  const { user } = useAuth();
  // What the shopper is personalising this product with.
  const [typed, setTyped] = useState(emptyPersonalisation);
  const [uploadingPhoto, setUploadingPhoto] = useState(false);
  // Decision 0079: the add-on step after the first Add to Cart of this visit; only what the shopper
  // ticks is added. Offered again at every tap it would nag (CCPA Dark Patterns Guidelines 2023,
  // Annexure 1 item 10).
  const [offeringAddOns, setOfferingAddOns] = useState(false);
  const addOnsOffered = useRef(false);
  const offerAddOns = () => {
    if (addOnsOffered.current) return;
    addOnsOffered.current = true;
    setOfferingAddOns(true);
  };
  const closeAddOns = useCallback(() => setOfferingAddOns(false), []);
  const { addItem } = useCartActions();
  const addAddOns = (chosen: AddOn[]) => {
    for (const addOn of chosen) addItem(addOn, clampQuantity(addOn.minQuantity));
    setOfferingAddOns(false);
  };

  // SPEC 4: on failure, redirect to /products, which says why (decision 0071).
  useEffect(() => {
    if (!isError) return;
    const gone = error instanceof ApiError && error.status === 404;
    navigate('/products', { replace: true, ...(gone ? { state: productGoneState } : {}) });
  }, [isError, error, navigate]);

  // One view_item per product shown, not per background refetch.
  const tracked = useRef<number | null>(null);
  useEffect(() => {
    if (!product || tracked.current === product.id) return;
    tracked.current = product.id;
    trackItemView(product);
    recordProductView(product.id);
  }, [product]);

  if (isError) return <EmptyState title="Product not found" />;
  if (!product) return <ProductDetailSkeleton />;

  const config = product.personalisation;
  const values = config ? personalisationValuesOf(typed) : undefined;
  const check = config ? checkPersonalisation(config, values) : null;
  const problems = check && !check.ok ? check.problems : [];
  const blockedReason = uploadingPhoto
    ? 'Add to Cart is ready once your photo has uploaded'
    : (problems[0]?.message ?? null);

  const origin = siteOrigin();
  return (
    <>
      <PageMeta
        title={product.name}
        description={metaDescription(
          product.description || `${product.name} from ${storeSettings.storeName}.`,
        )}
        canonicalPath={productPath(product)}
        jsonLd={() => [
          productJsonLd(product, origin, storeSettings.storeName, details),
          breadcrumbJsonLd(productCrumbs(product), origin),
        ]}
      />
      {/* Slots for other features: renderAddToCart (cart), renderWishlistToggle (wishlist) and
          renderDeliveryChecker (location) are passed here as they are built. */}
      <ProductDetail
        product={product}
        renderAddToCart={(shown, quantity) => (
          <AddToCartButton
            product={shown}
            quantity={quantity}
            personalisation={values}
            blockedReason={blockedReason}
            onAdded={offerAddOns}
          />
        )}
        renderBuyNow={(shown, quantity) => (
          <BuyNowButton
            product={shown}
            quantity={quantity}
            personalisation={values}
            blockedReason={blockedReason}
          />
        )}
        renderGroupGift={(shown, quantity) =>
          // Decision 0084: this gift alone, paid for by friends; the cart is left as it is.
          canAddToCart(shown) &&
          blockedReason === null && (
            <Link
              // The address names the gift too, for a tap before the page's code has started.
              to={`/group-gift/new?product=${shown.id}&quantity=${quantity}`}
              state={buyNowState(toCartItem(shown, quantity, values))}
              className="block text-center font-semibold text-brand-700 underline"
            >
              Start a group gift
            </Link>
          )
        }
        renderPersonalisation={(shown) =>
          config && (
            <PersonalisationForm
              config={config}
              image={shown.image}
              productName={shown.name}
              value={typed}
              problems={problems}
              onChange={setTyped}
              onUploadingChange={setUploadingPhoto}
            />
          )
        }
        renderWishlistToggle={(shown) => <WishlistToggle productId={shown.id} />}
        renderStockAlert={(shown) => (
          <NotifyMe
            productId={shown.id}
            productPath={productPath(shown)}
            signedIn={user !== null}
            storeName={storeSettings.storeName}
          />
        )}
        renderDeliveryChecker={(shown) => (
          <DeliveryChecker
            productIsPreOrder={stockStatus(shown) === 'pre_order'}
            orderValue={shown.price * clampQuantity(shown.minQuantity)}
          >
            {/* SPEC 8: no delivery promise follows 'Not deliverable to {pincode}'; the dates are
                those of the pincode the box shows as delivered to, never the location held before. */}
            {({ deliverablePincode, refused }) =>
              !refused && (
                <EarliestDelivery
                  pincode={deliverablePincode}
                  isPreOrder={stockStatus(shown) === 'pre_order'}
                />
              )
            }
          </DeliveryChecker>
        )}
      />
      {offeringAddOns && (
        <Suspense fallback={null}>
          <AddOnStep product={product} onAdd={addAddOns} onClose={closeAddOns} />
        </Suspense>
      )}
      {details && (
        <div className="mt-6">
          <ProductDeclarations product={product} details={details} care={storeSettings} />
        </div>
      )}
      {/* Reviews, similar gifts and recently viewed: their code comes when the shopper nears them,
          so the slow phone's first tap does not wait for it (decision 0083). */}
      <DeferredBelowFold product={product} />
    </>
  );
}

export { ProductPage as Component };
