import './zod-config';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { loadGoogleAnalytics } from './analytics';
import { storeSettings } from './app-data';
import { AuthProvider, useAuth } from './features/auth/auth-provider';
import { prepareStoredCart } from './features/cart/use-cart';
import { prepareStoredLocation } from './features/location/use-location-state';
import { WishlistProvider } from './features/wishlist/wishlist-provider';
import { createRouter } from './router';
import './styles.css';

// The server wrote this page's head for crawlers; React's own <title> and <meta> take over now.
for (const element of document.head.querySelectorAll('[data-server-head]')) element.remove();

loadGoogleAnalytics(storeSettings.gaMeasurementId);

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
  },
});

/** The signed-in user's wishlist (SPEC 4: fetched on login, emptied on logout). */
function UserWishlist({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return <WishlistProvider userId={user?.id ?? null}>{children}</WishlistProvider>;
}

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// Reading a stored cart or location needs Zod, which loads only then: a first visit does without it
// (docs/performance.md "JavaScript budget"), and a returning one reads its cart before the first
// render. Not a top-level await: the bundler would then split the entry's modules into many small
// chunks, since a chunk imported while the entry awaits could not import from the entry.
void Promise.all([prepareStoredCart(), prepareStoredLocation()]).then(() => {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <UserWishlist>
            <RouterProvider router={createRouter()} />
          </UserWishlist>
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
});
