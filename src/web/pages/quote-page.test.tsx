import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../shared/api/auth';
import { QUOTE_MESSAGES, type Quote } from '../../shared/api/quotes';
import { TOKEN_STORAGE_KEY } from '../api/client';
import type { AuthApi } from '../features/auth/auth-api';
import { AuthProvider } from '../features/auth/auth-provider';
import { QuotePage } from './quote-page';

const nisha: User = {
  id: 4,
  userId: 4,
  name: 'Nisha Kulkarni',
  fullName: 'Nisha Kulkarni',
  email: 'nisha@example.com',
  username: 'nisha4',
  role: 'customer',
};

const ORDER_ID = '0b7c4a11-3c9e-4f5e-9d2a-6f1e2d3c4b5a';

const openQuote: Quote = {
  orderId: ORDER_ID,
  orderNumber: 'RG-10512',
  state: 'open',
  orderStatus: 'pending',
  customerEmail: 'nisha@example.com',
  customerPhone: null,
  buyerGstin: null,
  buyerLegalName: null,
  maxDiscountPercent: 20,
  lines: [
    {
      productId: 31,
      name: 'Mini Ganesha Idol',
      image: '',
      quantity: 50,
      listPrice: 120,
      percentOff: 10,
      unitPrice: 108,
      lineTotal: 5400,
      isPreOrder: false,
      negotiated: false,
    },
  ],
  subtotal: 5400,
  shippingCost: 0,
  total: 5400,
  shippingAddress: {
    fullName: 'Nisha Kulkarni',
    address: '7, Residency Road',
    city: 'Bengaluru',
    postalCode: '560025',
    phone: '9845012345',
  },
  deliveryEstimate: null,
  expiresAt: '2026-11-30T04:30:00.000Z',
  path: `/quote/${ORDER_ID}`,
};

function serveQuote(quote: Quote | null) {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      // A guest's request opens it only with the link's key, as the server does.
      const signedIn = new Headers((init as RequestInit | undefined)?.headers).has('authorization');
      const keyed = url.searchParams.get('key') === 'link-key-0123456789';
      if (quote && url.pathname === `/api/quotes/${quote.orderId}` && (signedIn || keyed))
        return json({ quote });
      return json({ message: 'Quote not found' }, 404);
    }),
  );
}

function renderQuote(user: User | null = nisha, entry = `/quote/${ORDER_ID}`) {
  if (user) localStorage.setItem(TOKEN_STORAGE_KEY, 'token-4');
  const api: AuthApi = {
    me: async () => {
      if (!user) throw new Error('no session');
      return user;
    },
    login: async () => ({ user: nisha, token: 't' }),
    register: async () => ({ user: nisha, token: 't' }),
    logout: async () => {},
  };
  const router = createMemoryRouter([{ path: '/quote/:orderId', element: <QuotePage /> }], {
    initialEntries: [entry],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthProvider api={api}>
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

describe('a bulk quote link', () => {
  it('shows the tiered prices and the total to pay', async () => {
    serveQuote(openQuote);
    renderQuote();
    expect(await screen.findByRole('heading', { name: 'Your quote RG-10512' })).toBeTruthy();
    expect(screen.getByText('50 × ₹108 each (10% off ₹120)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay ₹5,400' })).toBeTruthy();
    expect(screen.getByText(/held for you until 30 Nov 2026/)).toBeTruthy();
  });

  it('says plainly that an expired quote cannot be paid', async () => {
    serveQuote({ ...openQuote, state: 'expired', orderStatus: 'cancelled' });
    renderQuote();
    expect(await screen.findByText(QUOTE_MESSAGES.expired)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask for a new quote' }).getAttribute('href')).toBe(
      '/bulk-orders',
    );
  });

  it('says a paid quote was paid and leads to the order', async () => {
    serveQuote({ ...openQuote, state: 'paid', orderStatus: 'paid' });
    renderQuote();
    expect(await screen.findByText(QUOTE_MESSAGES.alreadyPaid)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'View your order' }).getAttribute('href')).toBe(
      `/order-confirmation/${ORDER_ID}`,
    );
  });

  it("answers 'Quote not found' for a quote that is not the customer's", async () => {
    serveQuote(null);
    renderQuote();
    expect(await screen.findByRole('heading', { name: 'Quote not found' })).toBeTruthy();
  });

  it('asks a guest to log in first', async () => {
    serveQuote(openQuote);
    renderQuote(null);
    expect(await screen.findByRole('heading', { name: 'Please log in to view your quote' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
  });

  // The owner quoted someone without an account; the mail's link carries a key.
  it("shows a guest the quote by its link's key, and asks them to sign in or register to pay", async () => {
    serveQuote(openQuote);
    renderQuote(null, `/quote/${ORDER_ID}?key=link-key-0123456789`);
    expect(await screen.findByRole('heading', { name: 'Your quote RG-10512' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(screen.getByText('nisha@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to pay' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
  });
});
