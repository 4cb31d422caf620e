import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WishlistItem } from '../../../shared/api/wishlist';
import { ApiError } from '../../api/client';
import { ToastProvider } from '../../components/toast';
import type { WishlistApi } from './wishlist-api';
import { useWishlist, WishlistProvider } from './wishlist-provider';
import { WishlistToggle } from './wishlist-toggle';

const itemFor = (productId: number, name = `Gift ${productId}`): WishlistItem => ({
  id: productId * 10,
  productId,
  created_at: '2025-10-20T10:00:00.000Z',
  product: {
    id: productId,
    name,
    slug: `gift-${productId}`,
    image: '',
    category: 'Diwali Gifts',
    price: 149,
    mrp: 199,
    inStock: true,
    allowPreOrder: false,
    minQuantity: 1,
  },
});

/** An in-memory wishlist server behind the WishlistApi shape. */
function fakeApi(initial: WishlistItem[] = []) {
  let items = [...initial];
  const api: WishlistApi = {
    list: vi.fn(async () => items),
    add: vi.fn(async (productId: number) => {
      const item = itemFor(productId);
      if (!items.some((entry) => entry.productId === productId)) items = [item, ...items];
      return item;
    }),
    remove: vi.fn(async (productId: number) => {
      items = items.filter((entry) => entry.productId !== productId);
    }),
    clear: vi.fn(async () => {
      items = [];
    }),
  };
  return api;
}

function Count() {
  const { wishlistCount, loading } = useWishlist();
  return <p>{loading ? 'Loading' : `${wishlistCount} saved`}</p>;
}

let signOut: () => void = () => {};
function Shell({ api, initialUser }: { api: WishlistApi; initialUser: number | null }) {
  const [userId, setUserId] = useState(initialUser);
  signOut = () => setUserId(null);
  return (
    <WishlistProvider userId={userId} api={api}>
      <Count />
      <WishlistToggle productId={5} />
    </WishlistProvider>
  );
}

function renderShell(api: WishlistApi, userId: number | null = 1) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <Shell api={api} initialUser={userId} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

/** The list's own Remove and Clear All, as the wishlist page calls them. */
function ListActions() {
  const { remove, clear } = useWishlist();
  return (
    <>
      <button type="button" onClick={() => void remove(1)}>
        Remove gift 1
      </button>
      <button type="button" onClick={() => void clear()}>
        Clear All
      </button>
    </>
  );
}

function renderList(api: WishlistApi, userId: number | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <WishlistProvider userId={userId} api={api}>
          <Count />
          <ListActions />
        </WishlistProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const notice = () => screen.getByRole('status').textContent?.replace('×', '');

beforeEach(() => vi.stubGlobal('alert', vi.fn()));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('wishlist state (SPEC 4, SPEC 8)', () => {
  it('fetches the list for a signed-in user and empties it on logout', async () => {
    renderShell(fakeApi([itemFor(1), itemFor(2)]));
    expect(await screen.findByText('2 saved')).toBeTruthy();
    act(() => signOut());
    expect(screen.getByText('0 saved')).toBeTruthy();
  });

  it('toggles: adds when absent, removes when present, with the SPEC 8 messages', async () => {
    const user = userEvent.setup();
    renderShell(fakeApi());
    await screen.findByText('0 saved');

    const add = screen.getByRole('button', { name: 'Add to wishlist' });
    expect(add.getAttribute('aria-pressed')).toBe('false');
    await user.click(add);
    const remove = await screen.findByRole('button', { name: 'Remove from wishlist' });
    expect(remove.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('1 saved')).toBeTruthy();
    expect(notice()).toBe('Added to wishlist');

    await user.click(remove);
    expect(await screen.findByRole('button', { name: 'Add to wishlist' })).toBeTruthy();
    expect(screen.getByText('0 saved')).toBeTruthy();
    expect(notice()).toBe('Removed from wishlist');
  });

  it('keeps a heart tapped while the session is checked, and adds it once the shopper is known', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const tree = (userId: number | null, sessionPending: boolean) => (
      <QueryClientProvider client={client}>
        <ToastProvider>
          <WishlistProvider userId={userId} sessionPending={sessionPending} api={api}>
            <WishlistToggle productId={5} />
          </WishlistProvider>
        </ToastProvider>
      </QueryClientProvider>
    );
    const { rerender } = render(tree(null, true));
    await user.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    // Not "Please login": a signed-in shopper whose session is on its way is not a guest.
    expect(screen.queryByText('Please login to add items to wishlist')).toBeNull();
    expect(api.add).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Add to wishlist' }).getAttribute('aria-disabled')).toBe(
      'true',
    );

    rerender(tree(1, false));
    expect(await screen.findByRole('button', { name: 'Remove from wishlist' })).toBeTruthy();
    expect(api.add).toHaveBeenCalledTimes(1);
    expect(api.add).toHaveBeenCalledWith(5);
    expect(notice()).toBe('Added to wishlist');
  });

  it("says 'Please login to add items to wishlist' in the app's toast for a guest and calls nothing", async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    renderShell(api, null);
    await user.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    expect(notice()).toBe('Please login to add items to wishlist');
    expect(window.alert).not.toHaveBeenCalled();
    expect(api.add).not.toHaveBeenCalled();
    expect(api.list).not.toHaveBeenCalled();
  });

  it('shows the service message, else the failure text, when a change fails', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    api.add = vi
      .fn<WishlistApi['add']>()
      .mockRejectedValueOnce(new ApiError(404, 'Product not found'))
      .mockRejectedValueOnce(new TypeError('bad answer'))
      .mockRejectedValueOnce(new ApiError(0, 'Network error. Please check your connection.'));
    renderShell(api);
    await screen.findByText('0 saved');
    const toggle = screen.getByRole('button', { name: 'Add to wishlist' });
    await user.click(toggle);
    await waitFor(() => expect(notice()).toBe('Product not found'));
    await user.click(toggle);
    await waitFor(() => expect(notice()).toBe('Failed to add to wishlist'));
    await user.click(toggle);
    await waitFor(() => expect(notice()).toBe('Wishlist service not available'));
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
  });

  it('shows an empty list when the wishlist cannot be fetched', async () => {
    const api = fakeApi();
    api.list = vi.fn(async () => Promise.reject(new ApiError(500, 'Something went wrong')));
    renderShell(api);
    expect(await screen.findByText('0 saved')).toBeTruthy();
  });

  it("says 'Please login to manage wishlist' when a guest removes or clears, and calls nothing", async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    renderList(api, null);
    await user.click(screen.getByRole('button', { name: 'Remove gift 1' }));
    expect(notice()).toBe('Please login to manage wishlist');
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(notice()).toBe('Please login to manage wishlist');
    expect(api.remove).not.toHaveBeenCalled();
    expect(api.clear).not.toHaveBeenCalled();
  });

  it('keeps the list and says so when removing or clearing fails', async () => {
    const user = userEvent.setup();
    const api = fakeApi([itemFor(1), itemFor(2)]);
    api.remove = vi.fn<WishlistApi['remove']>().mockRejectedValue(new TypeError('bad answer'));
    api.clear = vi.fn<WishlistApi['clear']>().mockRejectedValue(new TypeError('bad answer'));
    renderList(api, 1);
    await screen.findByText('2 saved');
    await user.click(screen.getByRole('button', { name: 'Remove gift 1' }));
    await waitFor(() => expect(notice()).toBe('Failed to remove from wishlist'));
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(notice()).toBe('Failed to clear wishlist'));
    expect(screen.getByText('2 saved')).toBeTruthy();
  });

  it("says 'Wishlist cleared' and empties the list", async () => {
    const user = userEvent.setup();
    renderList(fakeApi([itemFor(1), itemFor(2)]), 1);
    await screen.findByText('2 saved');
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(notice()).toBe('Wishlist cleared'));
    expect(screen.getByText('0 saved')).toBeTruthy();
  });

  it("says 'Wishlist service not available' outside a wishlist provider", async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <ListActions />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(notice()).toBe('Wishlist service not available');
    expect(window.alert).not.toHaveBeenCalled();
  });
});
