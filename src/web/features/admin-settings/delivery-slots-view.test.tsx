import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeliverySlotRecord } from '../../../shared/api/delivery-slots';
import { DeliverySlotsView } from './delivery-slots-view';

// Decision 0073: the owner's screen of timed delivery slots.

const earlyMorning: DeliverySlotRecord = {
  id: 2,
  name: 'Early morning',
  startMinute: 420,
  endMinute: 540,
  windowMinutes: 120,
  fee: 249,
  cutoffMinutes: 720,
  zones: ['same_day'],
  pincodes: ['560103'],
  weekdays: [1, 2, 3, 4, 5, 6],
  active: true,
};

/** /api/admin/delivery-slots as the server answers it, recording what is sent. */
function serveSlots(state: { slots: DeliverySlotRecord[]; down?: boolean }) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (state.down) return Response.json({ message: 'Service unavailable' }, { status: 503 });
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        sent.push(body);
        const slot = { ...body, id: 9 };
        state.slots = [...state.slots, slot];
        return Response.json({ slot }, { status: 201 });
      }
      return Response.json({ slots: state.slots });
    }),
  );
  return sent;
}

const renderView = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DeliverySlotsView />
    </QueryClientProvider>,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the delivery slots screen', () => {
  it('says there are none yet, then adds fixed time in 2-hour windows from 9 AM to 9 PM, closing 4 hours before', async () => {
    const user = userEvent.setup();
    const sent = serveSlots({ slots: [] });
    renderView();
    expect(await screen.findByText('No timed delivery slots yet')).toBeTruthy();

    const form = screen.getByRole('form', { name: 'New delivery slot' });
    await user.type(within(form).getByLabelText('Name shoppers see'), 'Fixed time');
    await user.type(within(form).getByLabelText('Fee (₹)'), '149');
    expect(
      within(form).getByText(
        'Windows: 9 AM - 11 AM, 11 AM - 1 PM, 1 PM - 3 PM, 3 PM - 5 PM, 5 PM - 7 PM, 7 PM - 9 PM',
      ),
    ).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Add slot' }));

    await waitFor(() =>
      expect(sent).toEqual([
        {
          name: 'Fixed time',
          startMinute: 540,
          endMinute: 1260,
          windowMinutes: 120,
          fee: 149,
          cutoffMinutes: 240,
          zones: ['same_day'],
          pincodes: [],
          weekdays: [0, 1, 2, 3, 4, 5, 6],
          active: true,
        },
      ]),
    );
    const list = await screen.findByRole('list', { name: 'Delivery slots' });
    expect(
      within(list).getByText(/9 AM - 9 PM in 2-hour windows · ₹149 · closes 4 hours before/),
    ).toBeTruthy();
  });

  it("lists a slot's windows, fee, cut-off, places and days", async () => {
    serveSlots({ slots: [earlyMorning] });
    renderView();
    const list = await screen.findByRole('list', { name: 'Delivery slots' });
    expect(
      within(list).getByText(
        '7 AM - 9 AM in 2-hour windows · ₹249 · closes 12 hours before · Same-day area (the store’s city), 560103 · Mon, Tue, Wed, Thu, Fri, Sat',
      ),
    ).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Delete Early morning' })).toBeTruthy();
  });

  it('says when the slots cannot be loaded', async () => {
    serveSlots({ slots: [], down: true });
    renderView();
    expect(await screen.findByText(/Service unavailable/)).toBeTruthy();
  });
});
