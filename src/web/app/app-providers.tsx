import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastProvider } from '../components/toast';
import { AuthProvider, useAuth } from '../features/auth/auth-provider';
import { WishlistProvider } from '../features/wishlist/wishlist-provider';

/** The signed-in user's wishlist (SPEC 4: fetched on login, emptied on logout). */
function UserWishlist({ children }: { children: ReactNode }) {
  const { user, token, loading } = useAuth();
  return (
    <WishlistProvider userId={user?.id ?? null} sessionPending={loading && user === null && token !== null}>
      {children}
    </WishlistProvider>
  );
}

/**
 * The state every page reads, the same in the browser (main.tsx) and the server renderer; the
 * app's one toast region sits around them all.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AuthProvider>
          <UserWishlist>{children}</UserWishlist>
        </AuthProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
