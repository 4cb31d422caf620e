import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BulkShipResponse } from '../../../shared/api/shipping';
import { BulkShipActions } from './bulk-ship';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** POST /api/admin/shipments: books every order but the one named `refused`. */
function serveShipments(refused: string) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { orderIds: string[] };
      sent.push(body);
      const results: BulkShipResponse['results'] = body.orderIds.map((orderId) => ({
        orderId,
        orderNumber: `RG-${orderId.slice(6)}`,
        shipment:
          orderId === refused
            ? null
            : {
                awb: `SBX${orderId.slice(6)}`,
                courier: 'Utsav Sandbox Express',
                labelUrl: `/api/admin/orders/${orderId}/shipment/label`,
                status: 'booked',
                pickupDate: null,
                expectedDelivery: null,
              },
        error: orderId === refused ? 'This order already has a shipment' : null,
      }));
      return new Response(JSON.stringify({ results }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

describe('Ship from the bulk bar', () => {
  it('books ticked orders ten at a time and lists each AWB or why it did not ship', async () => {
    const orderIds = Array.from({ length: 12 }, (_, index) => `order-${10001 + index}`);
    const sent = serveShipments('order-10005');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BulkShipActions selection={{ orderIds }} count={12} />
      </QueryClientProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ship 12 orders' }));

    const booked = await screen.findByRole('list', { name: 'Shipments booked' });
    expect(sent).toEqual([{ orderIds: orderIds.slice(0, 10) }, { orderIds: orderIds.slice(10) }]);
    await screen.findByText('Shipped 11 orders; 1 order did not ship.');
    const rows = within(booked).getAllByRole('listitem');
    expect(rows).toHaveLength(12);
    expect(rows[0]?.textContent).toBe('Order RG-10001: AWB SBX10001 with Utsav Sandbox Express');
    expect(rows[4]?.textContent).toBe('Order RG-10005: This order already has a shipment');
  });

  it('refuses more than a hundred at once', () => {
    serveShipments('');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BulkShipActions selection={{ filter: { status: 'paid' } }} count={101} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('button', { name: 'Ship 101 orders' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Print labels (PDF)' })).toHaveProperty('disabled', true);
    expect(screen.getByText('At most 100 orders ship or print labels at once; choose fewer.')).toBeTruthy();
  });
});
