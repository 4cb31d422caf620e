import './zod-config';
import { type DehydratedState, hydrate, QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider } from 'react-router';
import { loadGoogleAnalytics } from './analytics';
import { AppProviders } from './app/app-providers';
import { storeSettings, takePreloadedData } from './app-data';
import { prepareStoredCart } from './features/cart/use-cart';
import { prepareStoredLocation } from './features/location/use-location-state';
import { createRouter, routes } from './router';
import './styles.css';

// The server wrote this page's head for crawlers; React's own <title> and <meta> take over now.
for (const element of document.head.querySelectorAll('[data-server-head]')) element.remove();

loadGoogleAnalytics(storeSettings.gaMeasurementId);

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
 * renders the page itself rather than nothing (React Router's "No HydrateFallback") and can replace
 * the server's markup with the same content in one step.
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

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// Reading a stored cart or location needs Zod, which loads only then: a first visit does without it
// (docs/performance.md "JavaScript budget"), and a returning one reads its cart before the first
// render. Not a top-level await: the bundler would then split the entry's modules into many small
// chunks, since a chunk imported while the entry awaits could not import from the entry.
// The first render replaces the server's markup (docs/decisions/0015-server-rendered-first-paint.md):
// createRoot, not hydrateRoot, because the browser's first render already shows the stored cart,
// location and session, which the server cannot know.
// A transition, so that React renders in slices and the page stays responsive meanwhile (issue 6:
// total blocking time); the server's markup stays on screen until the one commit.
void Promise.all([prepareStoredCart(), prepareStoredLocation(), loadLandingRoutes()]).then(() => {
  const app = createRoot(root);
  startTransition(() => {
    app.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={createRouter()} />
        </AppProviders>
      </StrictMode>,
    );
  });
});
