import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AccountConsent,
  type ConsentChange,
  consentWording,
  MESSAGE_CONSENTS,
} from '../../../shared/consents';
import { storeSettings } from '../../app-data';
import { MessagesSection } from './messages-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The server's answers: the consents as they stand, changed by each PUT as the server would. */
function serveConsents(given: Record<string, boolean>) {
  const state = new Map(Object.entries(given));
  const list = (): AccountConsent[] =>
    MESSAGE_CONSENTS.map(({ purpose, channel }) => ({
      purpose,
      channel,
      given: state.get(`${purpose}:${channel}`) ?? false,
      at: null,
      wording: consentWording(purpose, channel, 'Utsav Gifts'),
    }));
  const puts: (ConsentChange | { url: string; given: boolean; via: string })[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT' && String(input).endsWith('/consents/analytics')) {
        const change = JSON.parse(String(init.body)) as { given: boolean; via: string };
        puts.push({ url: new URL(String(input)).pathname, ...change });
        state.set('analytics', change.given);
      } else if (init?.method === 'PUT') {
        const change = JSON.parse(String(init.body)) as ConsentChange;
        puts.push(change);
        state.set(`${change.purpose}:${change.channel}`, change.given);
      }
      const analytics = {
        given: state.get('analytics') ?? false,
        at: null,
        wording: consentWording('analytics', null, 'Utsav Gifts'),
      };
      return new Response(JSON.stringify({ consents: list(), analytics }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return puts;
}

// Decision 0062: each consent with a switch; one tap withdraws (or gives) it.
describe("the account's Messages section", () => {
  it('lists each consent with its state and withdraws one with a single tap', async () => {
    const puts = serveConsents({ 'order_updates:email': true, 'marketing:whatsapp': true });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MessagesSection userId={7} />
      </QueryClientProvider>,
    );
    const offers = await screen.findByRole('switch', {
      name: 'Send me offers and reminders from Utsav Gifts on WhatsApp',
    });
    expect(offers).toHaveProperty('checked', true);
    expect(
      screen.getByRole('switch', { name: 'Send me news of my orders from Utsav Gifts on e-mail' }),
    ).toHaveProperty('checked', true);
    expect(screen.getAllByRole('switch')).toHaveLength(6);

    await userEvent.click(offers);
    expect(puts).toEqual([{ purpose: 'marketing', channel: 'whatsapp', given: false }]);
    await waitFor(() => expect(offers).toHaveProperty('checked', false));
  });

  it('withdraws the analytics answer in the ledger and in this browser with one tap (decision 0075)', async () => {
    const measurementId = storeSettings.gaMeasurementId;
    storeSettings.gaMeasurementId = 'G-TEST12345';
    localStorage.setItem('analyticsChoice', JSON.stringify({ choice: 'granted', version: '2026-12' }));
    try {
      const puts = serveConsents({ analytics: true });
      render(
        <QueryClientProvider client={new QueryClient()}>
          <MessagesSection userId={7} />
        </QueryClientProvider>,
      );
      const analytics = await screen.findByRole('switch', {
        name: 'Let Utsav Gifts count visits with Google Analytics',
      });
      expect(analytics).toHaveProperty('checked', true);
      await userEvent.click(analytics);
      expect(puts).toEqual([{ url: '/api/notifications/consents/analytics', given: false, via: 'settings' }]);
      await waitFor(() => expect(analytics).toHaveProperty('checked', false));
      expect(JSON.parse(localStorage.getItem('analyticsChoice') ?? '{}')).toMatchObject({ choice: 'denied' });
      expect(Reflect.get(window, 'ga-disable-G-TEST12345')).toBe(true);
    } finally {
      storeSettings.gaMeasurementId = measurementId;
      localStorage.clear();
    }
  });

  it('offers no analytics switch where the store does not use analytics', async () => {
    serveConsents({ analytics: true });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MessagesSection userId={7} />
      </QueryClientProvider>,
    );
    await screen.findAllByRole('switch');
    expect(screen.queryByRole('switch', { name: /Google Analytics/ })).toBeNull();
  });
});
