import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TrackPage } from './track-page';

/** The server's GET /api/track: this pair is known; anything else gets its one 404. */
function serveTracking() {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      asked.push(url.searchParams);
      const known =
        url.searchParams.get('orderNumber') === 'RG-10042' &&
        url.searchParams.get('contact') === '9876543210';
      const body = known
        ? {
            order: {
              number: 'RG-10042',
              status: 'shipped',
              courier: 'Sandbox Express',
              awb: 'SBX1234567890',
              expectedDelivery: '2031-03-12',
              events: [],
            },
          }
        : { message: 'We could not find an order with that number and phone or e-mail.' };
      return new Response(JSON.stringify(body), {
        status: known ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return asked;
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/track', element: <TrackPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Track page', () => {
  it("fills in the order number from a message's link, so only the phone or e-mail is left to type", async () => {
    const asked = serveTracking();
    renderAt('/track?orderNumber=RG-10042');
    const number = screen.getByRole('textbox', { name: /Order number/ });
    expect((number as HTMLInputElement).value).toBe('RG-10042');
    const contact = screen.getByRole('textbox', { name: /Phone or e-mail on the order/ });
    expect((contact as HTMLInputElement).value).toBe('');

    const user = userEvent.setup();
    await user.type(contact, '9876543210');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    expect(await screen.findByRole('heading', { name: 'Order RG-10042' })).toBeTruthy();
    expect(asked.map((query) => [query.get('orderNumber'), query.get('contact')])).toEqual([
      ['RG-10042', '9876543210'],
    ]);
  });

  it('starts empty without a number in the link', () => {
    serveTracking();
    renderAt('/track');
    expect((screen.getByRole('textbox', { name: /Order number/ }) as HTMLInputElement).value).toBe('');
  });
});
