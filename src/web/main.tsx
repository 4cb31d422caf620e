import './zod-config';
import { type DehydratedState, hydrate, QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider } from 'react-router';
import { startAnalytics } from './analytics';
import { AppProviders } from './app/app-providers';
import { loadSiteFooter } from './app/deferred-footer';
import { ServerFrame } from './app/server-frame';
import { storeSettings, takePreloadedData } from './app-data';
import { removeServerHead } from './components/page-meta';
import { prepareStoredCart } from './features/cart/use-cart';
import { prepareStoredLocation } from './features/location/use-location-state';
import { createRouter, prefetchStorefrontRoutes, routes } from './router';
import './styles.css';

startAnalytics(storeSettings.gaMeasurementId);

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
  },
});
// The data the server rendered this page from (entry-server.tsx): the first render shows the same.
const serverQueries = takePreloadedData<DehydratedState>('queries');
if (serverQueries) hydrate(queryClient, serverQueries);

/**
 * Loads the lazy page modules of the URL the shopper landed on before the first render, so that it
 * renders the page itself rather than nothing (React Router's "No HydrateFallback") and can hydrate
 * the server's markup of it.
 */
async function loadLandingRoutes() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const { Component, ErrorBoundary } = await route.lazy();
      Object.assign(route, { Component, ...(ErrorBoundary ? { ErrorBoundary } : {}), lazy: undefined });
    }),
  );
}

/**
 * Resolves in a new task, so that the browser can handle input and paint before what follows. A
 * message, not a timer: a background tab's timers wait up to a second.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// Reading a stored cart or location needs Zod, which loads only then: a first visit does without it
// (docs/performance.md "JavaScript budget"), and a returning one reads its cart before the first
// render. Not a top-level await: the bundler would then split the entry's modules into many small
// chunks, since a chunk imported while the entry awaits could not import from the entry.
// A page the server rendered is hydrated (docs/decisions/0020-server-rendered-first-paint.md):
// React attaches to the markup instead of building the page again, with every browser-only state
// rendered as the server did (a guest's) until hydration is done (app/server-frame.tsx). In a
// transition, so that React hydrates in slices and the page stays responsive meanwhile
// (total blocking time). Other pages are rendered by the browser alone.
async function startApp(root: HTMLElement) {
  // The entry's evaluation, matching the landing page's routes and reading what is stored, making
  // the router, and the start of hydration each run in a task of their own: in one task they made
  // a long one on a slow phone (total blocking time).
  await nextTask();
  // A page the server rendered has its footer's markup already (app/deferred-footer.tsx).
  const footerReady = serverQueries ? undefined : loadSiteFooter();
  await Promise.all([prepareStoredCart(), prepareStoredLocation(), loadLandingRoutes(), footerReady]);
  await nextTask();
  const router = createRouter();
  // Once the page has started, the way to the cart, checkout and the other pages (router.tsx).
  if ('requestIdleCallback' in window) requestIdleCallback(prefetchStorefrontRoutes);
  else setTimeout(prefetchStorefrontRoutes, 1000);
  await nextTask();
  if (serverQueries) {
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <AppProviders queryClient={queryClient}>
            <ServerFrame>
              <RouterProvider router={router} />
            </ServerFrame>
          </AppProviders>
        </StrictMode>,
      );
    });
    return;
  }
  // The server wrote this page's head for crawlers; React's own <title> and <meta> take over now.
  removeServerHead();
  const app = createRoot(root);
  startTransition(() => {
    app.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}

// A landing page's module that did not arrive leaves the server's page disabled: the starter
// (public/start-app.js) says so and offers to load it again.
startApp(root).catch((error: unknown) => {
  window.dispatchEvent(new Event('app-start-failed'));
  throw error;
});
