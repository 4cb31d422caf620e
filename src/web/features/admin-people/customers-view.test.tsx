import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCustomerDetail } from '../../../shared/api/admin-customers';
import { CustomerDetailView } from './customers-view';

// Decision 0081: a business account approved as a corporate buyer on its customer page.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const detail: AdminCustomerDetail = {
  customer: {
    id: 42,
    name: 'Meera Iyer',
    email: 'meera@acme.example',
    phone: '9845012345',
    orderCount: 0,
    spend: 0,
    lastOrderAt: null,
    createdAt: '2026-11-01T05:30:00.000Z',
  },
  addresses: [],
  orders: [],
  ordersTotal: 0,
  business: { gstin: '27AAPFU0939F1ZV', legalName: 'Acme Widgets Private Limited' },
  corporateApprovedAt: null,
};

const renderView = (shown: AdminCustomerDetail, canApproveCorporate: boolean) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <CustomerDetailView detail={shown} canApproveCorporate={canApproveCorporate} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe("a customer's business account", () => {
  it('is approved as a corporate account by a role that may, through the API', async () => {
    const sent: { url: string; method: string | undefined; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        sent.push({
          url: new URL(String(input)).pathname,
          method: init?.method,
          body: JSON.parse(String(init?.body)),
        });
        return Response.json({ ...detail, corporateApprovedAt: '2026-11-23T05:30:00.000Z' });
      }),
    );
    renderView(detail, true);
    expect(screen.getByText('GSTIN 27AAPFU0939F1ZV · Acme Widgets Private Limited')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'Not an approved corporate account: it may send the ordinary number of gift links a day.',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Approve as a corporate account' }));
    expect(sent).toEqual([
      { url: '/api/admin/customers/42/corporate', method: 'PUT', body: { approved: true } },
    ]);
  });

  it('shows the approval without a button to a role that may not change it, and nothing for a consumer', () => {
    const { unmount } = renderView({ ...detail, corporateApprovedAt: '2026-11-23T05:30:00.000Z' }, false);
    expect(screen.getByRole('status').textContent).toMatch(/^Approved corporate account since 23 Nov 2026/);
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    renderView({ ...detail, business: null }, true);
    expect(screen.queryByText('Business account')).toBeNull();
  });
});
