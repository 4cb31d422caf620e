import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryChoice, DeliveryDates } from '../../../shared/delivery-dates';
import { deliveryDateLabel } from './delivery-date-labels';
import { DeliveryDatePicker } from './delivery-date-picker';
import { offeredChoice, useDeliveryDates } from './delivery-dates-api';
import { EarliestDelivery } from './earliest-delivery';

const week = (first: string) =>
  Array.from({ length: 7 }, (_, index) =>
    new Date(Date.parse(`${first}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10),
  );

const standard = { slot: 'standard' as const, label: 'Standard delivery (9 AM - 9 PM)', fee: 0 };
const midnight = { slot: 'midnight' as const, label: 'Midnight delivery (11 PM - 11:59 PM)', fee: 199 };

// As the server answers at 11:00 India time on Monday 23 November 2026.
const bengaluru: DeliveryDates = {
  today: '2026-11-23',
  type: 'same_day',
  days: 'Today',
  dates: week('2026-11-23').map((date) => ({ date, slots: [standard, midnight] })),
};
const delhi: DeliveryDates = {
  today: '2026-11-23',
  type: 'standard',
  days: '3-5 Days',
  dates: week('2026-11-26').map((date) => ({ date, slots: [standard] })),
};
const noChoice: DeliveryDates = { today: '2026-11-23', type: 'standard', days: '4-7 Days', dates: [] };

// Decision 0073: as the server answers at 10:00 on Monday: today from 3 PM, tomorrow from 9 AM.
const fixed = (start: number, window: string) => ({
  slot: 'timed' as const,
  label: `Fixed time (${window})`,
  fee: 149,
  slotId: 4,
  slotName: 'Fixed time',
  windowStart: start * 60,
  windowEnd: (start + 2) * 60,
});
const timed: DeliveryDates = {
  ...bengaluru,
  dates: [
    {
      date: '2026-11-23',
      slots: [standard, midnight, fixed(15, '3 PM - 5 PM'), fixed(17, '5 PM - 7 PM')],
    },
    {
      date: '2026-11-24',
      slots: [
        standard,
        midnight,
        fixed(9, '9 AM - 11 AM'),
        fixed(15, '3 PM - 5 PM'),
        fixed(17, '5 PM - 7 PM'),
      ],
    },
  ],
};

/** The network edge: GET /api/pincodes/delivery-dates/:pincode, failing while `down`. */
function serveDates(answers: Record<string, DeliveryDates>, state = { down: false }) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    const pincode = url.pathname.replace('/api/pincodes/delivery-dates/', '');
    const answer = answers[pincode];
    if (state.down) return new Response('{"message":"Service unavailable"}', { status: 503 });
    return answer
      ? new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } })
      : new Response('{"message":"Invalid pincode"}', { status: 400 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const withQuery = (element: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {element}
    </QueryClientProvider>,
  );

/** The picker as checkout holds it: the choice in state, shown only while it is offered. */
function Checkout({ pincode, hasPreOrder = false }: { pincode: string | null; hasPreOrder?: boolean }) {
  const lookup = useDeliveryDates(hasPreOrder ? null : pincode);
  const [choice, setChoice] = useState<DeliveryChoice | null>(null);
  const offered = offeredChoice(choice, lookup.data);
  return (
    <>
      <DeliveryDatePicker
        pincode={pincode}
        hasPreOrder={hasPreOrder}
        lookup={lookup}
        value={offered}
        onChange={setChoice}
      />
      <output aria-label="Chosen">{JSON.stringify(offered)}</output>
    </>
  );
}

const chosen = () => JSON.parse(screen.getByRole('status', { name: 'Chosen' }).textContent ?? 'null');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('deliveryDateLabel', () => {
  it("reads 'Today', 'Tomorrow', then the weekday, by the server's date", () => {
    expect(deliveryDateLabel('2026-11-23', '2026-11-23')).toBe('Today, 23 Nov');
    expect(deliveryDateLabel('2026-11-24', '2026-11-23')).toBe('Tomorrow, 24 Nov');
    expect(deliveryDateLabel('2026-11-25', '2026-11-23')).toBe('Wed, 25 Nov');
    expect(deliveryDateLabel('2027-01-01', '2026-12-31')).toBe('Tomorrow, 1 Jan');
  });
});

describe('DeliveryDatePicker', () => {
  it('lists the offered days and, once one is chosen, its slots with the midnight fee', async () => {
    const user = userEvent.setup();
    serveDates({ '560001': bengaluru });
    withQuery(<Checkout pincode="560001" />);

    const days = await screen.findByRole('group', { name: 'Choose a day' });
    expect(
      within(days)
        .getAllByRole('radio')
        .map((radio) => radio.parentElement?.textContent),
    ).toEqual([
      'Earliest available',
      'Today, 23 Nov',
      'Tomorrow, 24 Nov',
      'Wed, 25 Nov',
      'Thu, 26 Nov',
      'Fri, 27 Nov',
      'Sat, 28 Nov',
      'Sun, 29 Nov',
    ]);
    expect(within(days).getByRole('radio', { name: 'Earliest available' })).toHaveProperty('checked', true);
    expect(screen.queryByRole('group', { name: 'Choose a time' })).toBeNull();

    await user.click(within(days).getByRole('radio', { name: 'Tomorrow, 24 Nov' }));
    const times = screen.getByRole('group', { name: 'Choose a time' });
    expect(within(times).getByRole('radio', { name: 'Standard delivery (9 AM - 9 PM)' })).toHaveProperty(
      'checked',
      true,
    );
    expect(chosen()).toEqual({ date: '2026-11-24', slot: 'standard', fee: 0 });

    await user.click(
      within(times).getByRole('radio', { name: 'Midnight delivery (11 PM - 11:59 PM) · ₹199 extra' }),
    );
    expect(chosen()).toEqual({ date: '2026-11-24', slot: 'midnight', fee: 199 });
    // Another day keeps the midnight slot.
    await user.click(within(days).getByRole('radio', { name: 'Wed, 25 Nov' }));
    expect(chosen()).toEqual({ date: '2026-11-25', slot: 'midnight', fee: 199 });
  });

  it("offers the owner's timed windows, each its own choice with its fee, kept on another day that has it", async () => {
    const user = userEvent.setup();
    serveDates({ '560001': timed });
    withQuery(<Checkout pincode="560001" />);
    await user.click(await screen.findByRole('radio', { name: 'Today, 23 Nov' }));
    const times = screen.getByRole('group', { name: 'Choose a time' });
    expect(
      within(times)
        .getAllByRole('radio')
        .map((radio) => radio.parentElement?.textContent),
    ).toEqual([
      'Standard delivery (9 AM - 9 PM)',
      'Midnight delivery (11 PM - 11:59 PM) · ₹199 extra',
      'Fixed time (3 PM - 5 PM) · ₹149 extra',
      'Fixed time (5 PM - 7 PM) · ₹149 extra',
    ]);
    await user.click(within(times).getByRole('radio', { name: 'Fixed time (5 PM - 7 PM) · ₹149 extra' }));
    const fivePm = { slotId: 4, name: 'Fixed time', start: 1020, end: 1140 };
    expect(chosen()).toEqual({ date: '2026-11-23', slot: 'timed', fee: 149, window: fivePm });
    expect(
      within(times).getByRole('radio', { name: 'Fixed time (3 PM - 5 PM) · ₹149 extra' }),
    ).toHaveProperty('checked', false);
    await user.click(screen.getByRole('radio', { name: 'Tomorrow, 24 Nov' }));
    expect(chosen()).toEqual({ date: '2026-11-24', slot: 'timed', fee: 149, window: fivePm });
  });

  it('drops a choice the next address does not offer (Delhi has no same-day or midnight)', async () => {
    const user = userEvent.setup();
    serveDates({ '560001': bengaluru, '110001': delhi });
    const { rerender } = withQuery(<Checkout pincode="560001" />);
    await user.click(await screen.findByRole('radio', { name: 'Today, 23 Nov' }));
    expect(chosen()).toMatchObject({ date: '2026-11-23' });

    rerender(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Checkout pincode="110001" />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('radio', { name: 'Thu, 26 Nov' })).toBeTruthy();
    expect(chosen()).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Thu, 26 Nov' }));
    const times = screen.getByRole('group', { name: 'Choose a time' });
    expect(
      within(times)
        .getAllByRole('radio')
        .map((radio) => radio.parentElement?.textContent),
    ).toEqual(['Standard delivery (9 AM - 9 PM)']);
  });

  it('gives no choice for a pre-order, naming its window, and asks the server nothing', () => {
    const fetchMock = serveDates({ '560001': bengaluru });
    withQuery(<Checkout pincode="560001" hasPreOrder />);
    expect(
      screen.getByText(
        'Your order has pre-order items, delivered in 15-20 days, so a delivery date cannot be chosen.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for an address first', () => {
    serveDates({});
    withQuery(<Checkout pincode={null} />);
    expect(screen.getByText('Select a delivery address to choose a delivery date.')).toBeTruthy();
  });

  it('says when the dates cannot be loaded and loads them on Try again', async () => {
    const user = userEvent.setup();
    const network = { down: true };
    serveDates({ '560001': bengaluru }, network);
    withQuery(<Checkout pincode="560001" />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Delivery dates could not be loaded. Service unavailable.',
    );
    expect(screen.getByText(/You can still place the order/)).toBeTruthy();

    network.down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radio', { name: 'Today, 23 Nov' })).toBeTruthy();
  });

  it('shows the standard estimate where no day can be chosen', async () => {
    serveDates({ '744101': noChoice });
    withQuery(<Checkout pincode="744101" />);
    expect(
      await screen.findByText('Your order arrives in 4-7 days; a date cannot be chosen for pincode 744101.'),
    ).toBeTruthy();
  });
});

describe('DeliveryDatePicker while the dates load (Core Web Vitals CLS)', () => {
  /** The placeholder cells the picker holds in the place of the day options. */
  const placeholders = () =>
    screen.getByRole('region', { name: 'Delivery date' }).querySelectorAll('[aria-hidden="true"] > *');

  it('holds the room of the day options it is waiting for, and says it is loading', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    withQuery(<Checkout pincode="560001" />);
    const picker = screen.getByRole('region', { name: 'Delivery date' });
    expect(within(picker).getByRole('status').textContent).toBe('Loading delivery dates');
    expect(screen.getByText('Loading delivery dates...')).toBeTruthy();
    expect(placeholders()).toHaveLength(8);

    answer(new Response(JSON.stringify(bengaluru), { headers: { 'content-type': 'application/json' } }));
    const days = await screen.findByRole('group', { name: 'Choose a day' });
    expect(within(days).getAllByRole('radio')).toHaveLength(8);
    expect(placeholders()).toHaveLength(0);
  });

  it('holds the same room while the addresses load, then asks for one if none comes', () => {
    serveDates({});
    const lookup = { data: undefined, isError: false, error: null, refetch: () => {} };
    const picker = (addressLoading: boolean) => (
      <DeliveryDatePicker
        pincode={null}
        addressLoading={addressLoading}
        hasPreOrder={false}
        lookup={lookup}
        value={null}
        onChange={() => {}}
      />
    );
    const { rerender } = render(picker(true));
    expect(screen.getByText('Loading delivery dates...')).toBeTruthy();
    expect(placeholders()).toHaveLength(8);

    rerender(picker(false));
    expect(screen.getByText('Select a delivery address to choose a delivery date.')).toBeTruthy();
    expect(placeholders()).toHaveLength(0);
  });
});

describe('EarliestDelivery on the product page', () => {
  it('names each timed slot on offer at its first open window and fee', async () => {
    serveDates({ '560001': timed });
    withQuery(<EarliestDelivery pincode="560001" isPreOrder={false} />);
    expect(await screen.findByText(/Fixed time delivery available/)).toHaveProperty(
      'textContent',
      'Fixed time delivery available for ₹149 extra (earliest Today, 23 Nov, 3 PM - 5 PM)',
    );
  });

  it('names the earliest day and the midnight slot with its fee', async () => {
    serveDates({ '560001': { ...bengaluru, dates: bengaluru.dates.slice(1) } });
    withQuery(<EarliestDelivery pincode="560001" isPreOrder={false} />);
    await waitFor(() =>
      expect(document.body.textContent).toContain(
        'Earliest delivery: Tomorrow, 24 NovMidnight delivery (11 PM - 11:59 PM) available for ₹199 extra',
      ),
    );
  });

  it('says nothing about midnight where it is not offered', async () => {
    serveDates({ '110001': delhi });
    withQuery(<EarliestDelivery pincode="110001" isPreOrder={false} />);
    expect(await screen.findByText('Thu, 26 Nov')).toBeTruthy();
    expect(document.body.textContent).not.toContain('Midnight');
  });

  it('shows the pre-order window for a pre-order product', () => {
    const fetchMock = serveDates({ '560001': bengaluru });
    withQuery(<EarliestDelivery pincode="560001" isPreOrder />);
    expect(document.body.textContent).toBe(
      'Pre-order: delivered in 10-15 Days; a delivery date cannot be chosen.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
