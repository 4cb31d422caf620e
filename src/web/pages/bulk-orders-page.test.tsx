import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../features/auth/auth-provider';
import { GUEST_AUTH } from '../testing/guest-auth';
import { renderRoutes } from '../testing/render-routes';
import { BulkOrdersPage } from './bulk-orders-page';

/** The store's /api with the catalogue's live figures, or a failure to give them. */
function openBulkOrders(summary: () => Response, path = '/bulk-orders') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      new URL(String(input)).pathname === '/api/catalog-summary'
        ? summary()
        : Response.json({ message: 'Not found' }, { status: 404 }),
    ),
  );
  renderRoutes([{ path: '/bulk-orders', element: <BulkOrdersPage /> }], path, (routes) => (
    <AuthProvider api={GUEST_AUTH}>{routes}</AuthProvider>
  ));
}

const intro = () =>
  screen.getByRole('heading', { level: 1, name: 'Bulk and corporate orders' }).nextElementSibling;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the bulk orders page', () => {
  it("states the home's live lowest price, not a fixed one", async () => {
    openBulkOrders(() => Response.json({ productCount: 537, lowestPrice: 59 }));
    expect(await screen.findByText(/Prices start at ₹59 a piece, with GST invoices for businesses\.$/)).toBe(
      intro(),
    );
    expect(intro()?.textContent).not.toContain('₹50');
  });

  it('makes no price claim when the catalogue figures cannot be loaded', async () => {
    const answered = vi.fn(() => Response.json({ message: 'Something went wrong' }, { status: 500 }));
    openBulkOrders(answered);
    await vi.waitFor(() => expect(answered).toHaveBeenCalled());
    await screen.findByRole('heading', { level: 1, name: 'Bulk and corporate orders' });
    expect(intro()?.textContent).toMatch(/will call you with a quote\. Businesses get GST invoices\.$/);
    expect(intro()?.textContent).not.toContain('Prices start at');
  });

  it("comes pre-filled from a product page's 'Need more? Get a bulk price'", async () => {
    openBulkOrders(
      () => Response.json({ productCount: 537, lowestPrice: 59 }),
      '/bulk-orders?product=Silk+Potli+Bag&quantity=20',
    );
    const form = await screen.findByRole('form', { name: 'Bulk order enquiry' });
    expect((screen.getByLabelText('Products or budget') as HTMLTextAreaElement).value).toBe('Silk Potli Bag');
    expect((screen.getByLabelText('Quantity (pieces)') as HTMLInputElement).value).toBe('20');
    expect(form).toBeTruthy();
  });
});
