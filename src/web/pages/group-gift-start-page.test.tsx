import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../shared/api/auth';
import { TOKEN_STORAGE_KEY } from '../api/client';
import { AuthProvider } from '../features/auth/auth-provider';
import { GUEST_AUTH } from '../testing/guest-auth';
import { bouquet } from '../testing/product-fixtures';
import { GroupGiftStartPage } from './group-gift-start-page';

// Decision 0084: starting a group gift, at the network's edge (fetch), signed out.

const ANITA: User = {
  id: 4,
  userId: 4,
  name: 'Anita Desai',
  fullName: 'Anita Desai',
  email: 'anita@example.com',
  username: 'anita4',
  role: 'customer',
  phone: '9845012345',
};

function renderStart(entry: string, user: User | null = null, sent: unknown[] = []) {
  if (user) localStorage.setItem(TOKEN_STORAGE_KEY, 'token-4');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input)).pathname;
      if (path === `/api/products/${bouquet.id}`) return Response.json({ product: bouquet });
      if (path === '/api/pincodes/city/560001')
        return Response.json({ city: 'Bengaluru', state: 'Karnataka' });
      if (path === '/api/group-gifts' && init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return Response.json({ token: 'a-token', path: '/group-gift/a-token', pool: {} }, { status: 201 });
      }
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/group-gift/new', element: <GroupGiftStartPage /> },
      { path: '/group-gift/:token', element: <p>The pool's page</p> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthProvider api={user ? { ...GUEST_AUTH, me: async () => user } : GUEST_AUTH}>
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

  it('sends the pool as a gift link when ticked: the recipient’s mobile instead of an address', async () => {
    const sent: unknown[] = [];
    renderStart(`/group-gift/new?product=${bouquet.id}&quantity=1`, ANITA, sent);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Who is it for?'), 'Meera Nair');
    expect((screen.getByRole('checkbox', { name: /^Send as a gift link/ }) as HTMLInputElement).checked).toBe(
      false,
    );
    await user.click(screen.getByRole('checkbox', { name: /^Send as a gift link/ }));
    expect(screen.queryByLabelText('House, flat, building and street')).toBeNull();
    await user.type(screen.getByLabelText('Their mobile number, for the link'), '9123456780');
    await user.click(screen.getByRole('button', { name: 'Start the group gift' }));
    expect(await screen.findByText("The pool's page")).toBeTruthy();
    expect(sent).toEqual([
      expect.objectContaining({
        items: [expect.objectContaining({ productId: bouquet.id, quantity: 1 })],
        totalAmount: 949,
        recipientName: 'Meera Nair',
        giftLink: { recipient: { name: 'Meera Nair', phone: '9123456780' }, allowedSlots: ['standard'] },
        surprise: false,
      }),
    ]);
    expect(sent[0]).not.toHaveProperty('shippingAddress');
  });

  it('takes the address as the gift link’s form does: pincode first, its city and State filled in, a landmark', async () => {
    const sent: unknown[] = [];
    renderStart(`/group-gift/new?product=${bouquet.id}&quantity=1`, ANITA, sent);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Who is it for?'), 'Meera Nair');
    await user.type(screen.getByLabelText('Pincode'), '560001');
    expect(await screen.findByDisplayValue('Bengaluru')).toBe(screen.getByLabelText('City'));
    expect((screen.getByLabelText('State') as HTMLInputElement).value).toBe('Karnataka');
    await user.type(screen.getByLabelText('House, flat, building and street'), 'Flat 4B, Prestige Lakeside');
    await user.type(screen.getByLabelText('Landmark (optional)'), 'opposite Forum Mall');
    await user.type(screen.getByLabelText('Recipient’s name'), 'Meera Nair');
    await user.type(screen.getByLabelText('Recipient’s mobile number (for the courier)'), '9845012345');
    await user.click(screen.getByRole('button', { name: 'Start the group gift' }));
    expect(await screen.findByText("The pool's page")).toBeTruthy();
    expect(sent).toEqual([
      expect.objectContaining({
        shippingAddress: {
          fullName: 'Meera Nair',
          address: 'Flat 4B, Prestige Lakeside, near opposite Forum Mall',
          city: 'Bengaluru',
          state: 'Karnataka',
          postalCode: '560001',
          phone: '9845012345',
        },
      }),
    ]);
  });
});
