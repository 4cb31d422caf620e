import { lazy, memo, Suspense, useEffect, useRef } from 'react';
import type { Product } from '../../shared/api/catalog';
import { useNearViewport } from '../components/use-near-viewport';

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

let comeNear: () => void = () => {};
const near = new Promise<void>((resolve) => {
  comeNear = resolve;
});

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
  const isNear = useNearViewport(frame, '600px');
  useEffect(() => {
    if (isNear) comeNear();
  }, [isNear]);
  const Sections = belowFoldModule?.ProductBelowFold ?? LoadingBelowFold;
  return (
    <div ref={frame}>
      <Suspense fallback={null}>
        <Sections product={product} />
      </Suspense>
    </div>
  );
});
