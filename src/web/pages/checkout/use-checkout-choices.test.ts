import { act, cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountConsent } from '../../../shared/consents';
import { useCheckedForm } from '../../checked-form';
import { heldAnswer } from '../../testing/checkout-fixtures';
import { renderHookWithQueries } from '../../testing/render-hook';
import { checkCheckout, checkoutDefaults, useCheckoutChoices } from './use-checkout-choices';

const week = (first: string) =>
  Array.from({ length: 7 }, (_, index) =>
    new Date(Date.parse(`${first}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10),
  );
const standardSlot = { slot: 'standard', label: 'Standard delivery (9 AM - 9 PM)', fee: 0 };
const midnightSlot = { slot: 'midnight', label: 'Midnight delivery (11 PM - 11:59 PM)', fee: 199 };
// The days on offer at 11:00 India time on Monday 23 November 2026.
const OFFERS: Record<string, unknown> = {
  '560001': {
    today: '2026-11-23',
    type: 'same_day',
    days: 'Today',
    dates: week('2026-11-23').map((date) => ({ date, slots: [standardSlot, midnightSlot] })),
  },
  '110001': {
    today: '2026-11-23',
    type: 'standard',
    days: '3-5 Days',
    dates: week('2026-11-26').map((date) => ({ date, slots: [standardSlot] })),
  },
};

const consent = (fields: Pick<AccountConsent, 'purpose' | 'channel' | 'given' | 'at'>): AccountConsent => ({
  ...fields,
  wording: 'Order news',
});

/** The network edge: the days of each pincode, and the shopper's past choices once `answer` is called. */
function serveChoices(consents: AccountConsent[] = []) {
  const asked: string[] = [];
  const { held, release } = heldAnswer();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), 'http://store.test');
      asked.push(pathname);
      const offer = OFFERS[pathname.replace('/api/pincodes/delivery-dates/', '')];
      if (offer) return Response.json(offer);
      if (pathname === '/api/notifications/consents') {
        await held;
        return Response.json({ consents, analytics: { given: false, at: null, wording: 'Analytics' } });
      }
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
  return { asked, answer: release };
}

type Props = { userId: number | null; datesPincode: string | null };

/** The hook with the page's form: checkCheckout's checks, checkoutDefaults' values. */
function choicesOf(props: Props) {
  return renderHookWithQueries((current: Props) => {
    const form = useCheckedForm({ checks: checkCheckout, defaultValues: checkoutDefaults() });
    return { form, choices: useCheckoutChoices({ form, ...current }) };
  }, props);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// SPEC 4: the day and slot; decision 0062: the order news.
describe("checkout's choices", () => {
  it('offers the days of the address’s pincode, and holds the day and slot chosen with its fee', async () => {
    const { asked } = serveChoices();
    const page = choicesOf({ userId: 11, datesPincode: '560001' });
    await waitFor(() => expect(page.result.current.choices.day.dates.data?.dates).toHaveLength(7));
    expect(page.result.current.choices.day.dates.data?.dates[0]?.date).toBe('2026-11-23');
    expect(page.result.current.choices.day.chosen).toBeNull();

    act(() => void page.result.current.choices.day.choose({ date: '2026-11-24', slot: 'midnight' }));
    expect(page.result.current.choices.day.chosen).toEqual({
      date: '2026-11-24',
      slot: 'midnight',
      fee: 199,
    });
    expect(page.result.current.form.getValues('delivery')).toEqual({ date: '2026-11-24', slot: 'midnight' });
    expect(asked).toContain('/api/pincodes/delivery-dates/560001');
  });

  it('drops a day the new address’s pincode does not offer, and keeps one it does', async () => {
    serveChoices();
    const page = choicesOf({ userId: 11, datesPincode: '560001' });
    await waitFor(() => expect(page.result.current.choices.day.dates.data).toBeDefined());
    act(() => void page.result.current.choices.day.choose({ date: '2026-11-26', slot: 'standard' }));
    page.rerender({ userId: 11, datesPincode: '110001' });
    await waitFor(() => expect(page.result.current.choices.day.dates.data?.type).toBe('standard'));
    expect(page.result.current.choices.day.chosen).toEqual({
      date: '2026-11-26',
      slot: 'standard',
      fee: 0,
    });

    act(() => void page.result.current.choices.day.choose({ date: '2026-11-26', slot: 'midnight' }));
    await waitFor(() => expect(page.result.current.form.getValues('delivery')).toBeNull());
    expect(page.result.current.choices.day.chosen).toBeNull();
  });

  it('asks no days when none is chosen at checkout (a pre-order ships in its window)', () => {
    const { asked } = serveChoices();
    const page = choicesOf({ userId: 11, datesPincode: null });
    act(() => void page.result.current.choices.day.choose({ date: '2026-11-24', slot: 'standard' }));
    expect(page.result.current.choices.day.chosen).toBeNull();
    expect(asked.filter((path) => path.startsWith('/api/pincodes/'))).toEqual([]);
  });

  it('ticks the order news as the shopper last chose them, and lists the offers they take', async () => {
    const { answer } = serveChoices([
      consent({ purpose: 'order_updates', channel: 'whatsapp', given: true, at: '2026-10-02T10:00:00.000Z' }),
      consent({ purpose: 'order_updates', channel: 'email', given: false, at: '2026-10-02T10:00:00.000Z' }),
      consent({ purpose: 'order_updates', channel: 'sms', given: true, at: null }),
      consent({ purpose: 'marketing', channel: 'sms', given: true, at: '2026-10-02T10:00:00.000Z' }),
      consent({ purpose: 'marketing', channel: 'email', given: false, at: null }),
    ]);
    const page = choicesOf({ userId: 11, datesPincode: null });
    // The store's defaults until the past choices come: e-mail, never WhatsApp.
    expect(page.result.current.choices.updates.value).toMatchObject({
      whatsapp: false,
      sms: false,
      email: true,
    });
    await answer();
    await waitFor(() => expect(page.result.current.choices.offersGiven).toEqual(['sms']));
    expect(page.result.current.choices.updates.value).toEqual({
      whatsapp: true,
      sms: false,
      email: false,
      giftRecipient: false,
      giftRecipientPhone: '',
      offers: { whatsapp: false, sms: false, email: false },
    });
  });

  it('leaves the order news as the shopper ticked them when their past choices come after', async () => {
    const { answer } = serveChoices([
      consent({ purpose: 'order_updates', channel: 'whatsapp', given: true, at: '2026-10-02T10:00:00.000Z' }),
      consent({ purpose: 'marketing', channel: 'email', given: true, at: '2026-10-02T10:00:00.000Z' }),
    ]);
    const page = choicesOf({ userId: 11, datesPincode: null });
    act(() =>
      page.result.current.choices.updates.onChange({
        ...page.result.current.choices.updates.value,
        sms: true,
      }),
    );
    await answer();
    await waitFor(() => expect(page.result.current.choices.offersGiven).toEqual(['email']));
    expect(page.result.current.form.getValues('updates')).toMatchObject({
      whatsapp: false,
      sms: true,
      email: true,
    });
  });
});
