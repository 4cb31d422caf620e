import { lazy, Suspense } from 'react';

let footerModule: typeof import('./site-footer') | undefined;

/**
 * Loads the footer's code. The server renderer waits for it before its first page, and the
 * browser before rendering a page the server did not (main.tsx); on a page the server rendered,
 * the footer's markup is there from the first paint and its links work as plain links, so the
 * app starts without it and React hydrates it once its code arrives.
 */
export async function loadSiteFooter() {
  footerModule ??= await import('./site-footer');
  return footerModule;
}

const LoadingFooter = lazy(async () => ({ default: (await loadSiteFooter()).SiteFooter }));

function Footer() {
  return footerModule ? <footerModule.SiteFooter /> : <LoadingFooter />;
}

/**
 * The footer, in a boundary React can hydrate on its own. One element for the app's life: the
 * layout's re-renders (the stored cart and the session arriving after hydration) pass it on
 * unchanged, so they never touch a footer that is still waiting for its code.
 */
export const deferredFooter = (
  <Suspense fallback={null}>
    <Footer />
  </Suspense>
);
