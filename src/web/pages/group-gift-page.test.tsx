import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../shared/api/auth';
import type { GroupGiftView } from '../../shared/api/group-gifts';
import { TOKEN_STORAGE_KEY } from '../api/client';
import type { AuthApi } from '../features/auth/auth-api';
import { AuthProvider } from '../features/auth/auth-provider';
import { GUEST_AUTH } from '../testing/guest-auth';
import { GroupGiftPage } from './group-gift-page';

// Decision 0084: a group gift's page, at the network's edge (fetch): what a guest and a signed-in
// friend see, and a link that opens nothing.

const POOL: GroupGiftView = {
  items: [{ name: 'Brass Table Clock', image: '/uploads/products/1.webp', quantity: 1 }],
  recipientName: 'Meera Nair',
  organiserName: 'Anita Desai',
  message: 'Farewell from the design team!',
  targetAmount: 2499,
  collectedAmount: 1750,
  remainingAmount: 749,
  contributorCount: 7,
  progress: '₹1,750 of ₹2,499 from 7 friends',
  suggestedShare: 250,
  closesAt: '2026-12-08T18:30:00.000Z',
  state: 'open',
  contributors: [{ id: 3, name: 'Ravi', note: 'Miss you!' }],
  isOrganiser: false,
  orderNumber: null,
  chooseBy: null,
};

const RAVI: User = {
  id: 7,
  userId: 7,
  name: 'Ravi Kumar',
  fullName: 'Ravi Kumar',
  email: '',
  username: 'user9845012345',
  role: 'customer',
  phone: '9845012345',
};

function renderPool(answer: { status: number; body: unknown }, user: User | null = null) {
  if (user) localStorage.setItem(TOKEN_STORAGE_KEY, 'token-7');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(answer.body, { status: answer.status })),
  );
  const api: AuthApi = user ? { ...GUEST_AUTH, me: async () => user } : GUEST_AUTH;
  const router = createMemoryRouter([{ path: '/group-gift/:token', element: <GroupGiftPage /> }], {
    initialEntries: ['/group-gift/a-token'],
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

describe("a group gift's page", () => {
  it('shows a guest the gift, the progress, the last day and the named friends, and asks them to sign in to chip in', async () => {
    renderPool({ status: 200, body: POOL });
    expect(await screen.findByText('Anita Desai is collecting for Meera Nair.')).toBeTruthy();
    expect(screen.getByText('Brass Table Clock')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Collected so far' }).getAttribute('aria-valuenow')).toBe(
      '70',
    );
    expect(screen.getByText('₹1,750 of ₹2,499 from 7 friends')).toBeTruthy();
    expect(screen.getByText(/^Chip in by /)).toBeTruthy();
    expect(screen.getByText('Suggested share: ₹250 each')).toBeTruthy();
    expect(screen.getByText('Ravi')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/\?text=Let's%20chip%20in/,
    );
    expect(
      await screen.findByRole('heading', { name: 'Sign in with your mobile number to chip in' }),
    ).toBeTruthy();
  });

  it('offers a signed-in friend the suggested share, their name unticked', async () => {
    renderPool({ status: 200, body: POOL }, RAVI);
    const share = (await screen.findByLabelText('Your share in ₹ (₹50 to ₹749)')) as HTMLInputElement;
    expect(share.value).toBe('250');
    expect(
      (screen.getByRole('checkbox', { name: 'Show my name on this page' }) as HTMLInputElement).checked,
    ).toBe(false);
    expect(screen.getByRole('button', { name: 'Pay ₹250' })).toBeTruthy();
  });

  it('says a link that opens no pool cannot be used', async () => {
    renderPool({ status: 404, body: { message: 'This group gift link is not valid' } });
    expect(await screen.findByText('This group gift link cannot be used')).toBeTruthy();
    expect(screen.getByText('This group gift link is not valid')).toBeTruthy();
  });
});
