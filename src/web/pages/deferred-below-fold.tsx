import { lazy, memo, Suspense, useRef } from 'react';
import type { Product } from '../../shared/api/catalog';
import { useWhenNearViewport } from '../components/use-near-viewport';

let belowFoldModule: typeof import('./product-below-fold') | undefined;

/**
 * Loads the code of the product page's sections below the first screen. The server renderer waits
 * for it before a product page, so its markup is what it was; the browser asks for it only when the
 * shopper comes near those sections, so a slow phone's first tap does not wait for it (decision
 * 0083). Until then React keeps the server's markup of them in place, unhydrated (no layout shift).
 */
export async function loadProductBelowFold() {
  belowFoldModule ??= await import('./product-below-fold');
  return belowFoldModule;
}

let resolveNear: () => void = () => {};
const near = new Promise<void>((resolve) => {
  resolveNear = resolve;
});
const comeNear = () => resolveNear();

const LoadingBelowFold = lazy(async () => {
  await near;
  return { default: (await loadProductBelowFold()).ProductBelowFold };
});

/**
 * Memoised on the product alone: an update reaching a boundary whose server markup still waits for
 * its code makes React drop that markup and draw the fallback (a jump); the product object is the
 * query cache's own and keeps its identity while the product is unchanged.
 */
export const DeferredBelowFold = memo(function DeferredBelowFold({ product }: { product: Product }) {
  const frame = useRef<HTMLDivElement>(null);
  // No state of its own: a render here as the shopper came near would update the boundary while
  // its code was still on the way, and React would drop the server's markup for the empty
  // fallback, then draw the sections anew: they vanished for a moment under the shopper's thumb.
  useWhenNearViewport(frame, '600px', comeNear);
  const Sections = belowFoldModule?.ProductBelowFold ?? LoadingBelowFold;
  return (
    <div ref={frame}>
      <Suspense fallback={null}>
        <Sections product={product} />
      </Suspense>
    </div>
  );
});
