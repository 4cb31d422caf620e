import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../testing/render-routes';
import { NotifyMe } from './notify-me';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderNotifyMe = (signedIn: boolean) =>
  renderRoutes(
    [
      {
        path: '/product/:slug',
        element: (
          <NotifyMe
            productId={13}
            productPath="/product/jute-potli-bag-13"
            signedIn={signedIn}
            storeName="Utsav Gifts"
          />
        ),
      },
    ],
    '/product/jute-potli-bag-13',
  );

describe("Notify me when it's back (decision 0071)", () => {
  it('asks on the channel the shopper chose, with nothing chosen for them, and offers to stop it', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posted.push(JSON.parse(String(init.body)));
          return Response.json(
            {
              alert: {
                productId: 13,
                channel: 'whatsapp',
                requestedAt: '2031-05-04T05:30:00.000Z',
                sentAt: null,
              },
            },
            { status: 201 },
          );
        }
        expect(new URL(String(input)).pathname).toBe('/api/stock-alerts/13');
        return Response.json({ alert: null });
      }),
    );
    const user = userEvent.setup();
    renderNotifyMe(true);
    await user.click(await screen.findByRole('button', { name: "Notify me when it's back" }));
    const whatsapp = screen.getByRole('radio', {
      name: 'Send me one message from Utsav Gifts on WhatsApp when this product is back in stock',
    });
    expect((whatsapp as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('button', { name: 'Notify me' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(whatsapp);
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    // The answer's schema loads with the first answer (Zod on use), which a cold run takes a while for.
    expect(
      await screen.findByText('We will message you once on WhatsApp when it is back.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(posted).toEqual([{ productId: 13, channel: 'whatsapp' }]);
    expect(screen.getByRole('button', { name: 'Stop this message' })).toBeTruthy();
  });

  it('sends a guest to sign in and back to the product', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderNotifyMe(false);
    const link = screen.getByRole('link', { name: 'Sign in to get "Notify me when it\'s back"' });
    await waitFor(() =>
      expect(link.getAttribute('href')).toBe('/login?redirect=%2Fproduct%2Fjute-potli-bag-13'),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
