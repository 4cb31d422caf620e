import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../shared/api/auth';
import type { WishlistItem } from '../../shared/api/wishlist';
import { TOKEN_STORAGE_KEY } from '../api/client';
import { ToastProvider } from '../components/toast';
import type { AuthApi } from '../features/auth/auth-api';
import { AuthProvider, useAuth } from '../features/auth/auth-provider';
import type { WishlistApi } from '../features/wishlist/wishlist-api';
import { WishlistProvider } from '../features/wishlist/wishlist-provider';
import { WishlistPage } from './wishlist-page';

const ravi: User = {
  id: 4,
  userId: 4,
  name: 'Ravi',
  fullName: 'Ravi',
  email: 'ravi@example.com',
  username: 'ravi',
  role: 'customer',
};

const diya: WishlistItem = {
  id: 1,
  productId: 21,
  created_at: '2025-10-20T10:00:00.000Z',
  product: {
    id: 21,
    name: 'Clay Diya Set',
    slug: 'clay-diya-set-21',
    image: '',
    category: 'Diwali Gifts',
    price: 1499,
    mrp: 1999,
    inStock: true,
    allowPreOrder: false,
    minQuantity: 1,
  },
};
const noSlug: WishlistItem = {
  ...diya,
  id: 2,
  productId: 22,
  product: { ...diya.product, id: 22, name: 'Rakhi Thali', slug: '' },
};

const authApi: AuthApi = {
  me: async () => ravi,
  login: async () => ({ user: ravi, token: 't' }),
  register: async () => ({ user: ravi, token: 't' }),
  logout: async () => {},
};

function wishlistApi(items: WishlistItem[]): WishlistApi {
  let current = [...items];
  return {
    list: vi.fn(async () => current),
    add: vi.fn(async () => diya),
    remove: vi.fn(async (productId: number) => {
      current = current.filter((item) => item.productId !== productId);
    }),
    clear: vi.fn(async () => {
      current = [];
    }),
  };
}

function UserWishlist({ api, children }: { api: WishlistApi; children: React.ReactNode }) {
  const { user } = useAuth();
  return (
    <WishlistProvider userId={user?.id ?? null} api={api}>
      {children}
    </WishlistProvider>
  );
}

function renderPage(api: WishlistApi) {
  const router = createMemoryRouter([{ path: '*', element: <WishlistPage /> }], {
    initialEntries: ['/wishlist'],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <AuthProvider api={authApi}>
          <UserWishlist api={api}>
            <RouterProvider router={router} />
          </UserWishlist>
        </AuthProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  // The page asks in its own dialog; the browser's confirm box is never used.
  vi.stubGlobal('confirm', vi.fn());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Wishlist page (SPEC 2)', () => {
  it('asks a guest to log in', async () => {
    renderPage(wishlistApi([diya]));
    expect(await screen.findByRole('heading', { name: 'Please login to view your wishlist' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
  });

  it('lists each entry with its link, date, category and price', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    renderPage(wishlistApi([diya, noSlug]));
    expect(await screen.findByRole('heading', { name: 'My Wishlist (2)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Clay Diya Set' }).getAttribute('href')).toBe(
      '/product/clay-diya-set-21',
    );
    // SPEC 2: fallback slug 'product-{id}'.
    expect(screen.getByRole('link', { name: 'Rakhi Thali' }).getAttribute('href')).toBe(
      '/product/product-22',
    );
    const entry = screen.getByRole('link', { name: 'Clay Diya Set' }).closest('li') as HTMLElement;
    expect(within(entry).getByText('Diwali Gifts · Added on 20 Oct 2025')).toBeTruthy();
    expect(within(entry).getByText('₹1,499')).toBeTruthy();
    expect(within(entry).getByRole('button', { name: 'Add to Cart' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/products');
  });

  it('removes one entry', async () => {
    const user = userEvent.setup();
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    renderPage(wishlistApi([diya, noSlug]));
    await user.click(await screen.findByRole('button', { name: 'Remove Clay Diya Set from wishlist' }));
    expect(await screen.findByRole('heading', { name: 'My Wishlist (1)' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Clay Diya Set' })).toBeNull();
  });

  it("asks 'Are you sure you want to clear your entire wishlist?' in the app's dialog, then clears", async () => {
    const user = userEvent.setup();
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    renderPage(wishlistApi([diya, noSlug]));
    await user.click(await screen.findByRole('button', { name: 'Clear All' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Clear wishlist' });
    expect(within(dialog).getByText('Are you sure you want to clear your entire wishlist?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Clear All' }));
    expect(window.confirm).not.toHaveBeenCalled();
    expect(await screen.findByRole('heading', { name: 'Your wishlist is empty' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('link', { name: 'Explore Products' }).getAttribute('href')).toBe('/products');
    expect(screen.getByRole('status').textContent).toContain('Wishlist cleared');
  });

  it('keeps the list when the shopper cancels', async () => {
    const user = userEvent.setup();
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    const api = wishlistApi([diya]);
    renderPage(api);
    await user.click(await screen.findByRole('button', { name: 'Clear All' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.clear).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'My Wishlist (1)' })).toBeTruthy();
  });
});
