import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../features/auth/auth-provider';
import { GUEST_AUTH } from '../testing/guest-auth';
import { bouquet } from '../testing/product-fixtures';
import { GroupGiftStartPage } from './group-gift-start-page';

// Decision 0084: starting a group gift, at the network's edge (fetch), signed out.

function renderStart(entry: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      new URL(String(input)).pathname === `/api/products/${bouquet.id}`
        ? Response.json({ product: bouquet })
        : Response.json({ message: 'Not found' }, { status: 404 }),
    ),
  );
  const router = createMemoryRouter([{ path: '/group-gift/new', element: <GroupGiftStartPage /> }], {
    initialEntries: [entry],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthProvider api={GUEST_AUTH}>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('starting a group gift', () => {
  it('takes the gift from the product page’s address and asks a guest to sign in with a mobile number', async () => {
    renderStart(`/group-gift/new?product=${bouquet.id}&quantity=2`);
    expect(await screen.findByText('Chocolate Bouquet × 2')).toBeTruthy();
    // ₹1,798 of bouquets: free shipping from ₹1,000.
    expect(screen.getByText('To collect: ₹1,798 (free shipping)')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Sign in with your mobile number' })).toBeTruthy();
  });

  it('asks for a gift first when there is none', async () => {
    renderStart('/group-gift/new');
    expect(await screen.findByText('Choose a gift first')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse gifts' }).getAttribute('href')).toBe('/products');
  });
});
