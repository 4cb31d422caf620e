import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StopMessagesPage } from './stop-messages-page';

const TOKEN = 'eyJraW5kIjoic3RvcCJ9.c2lnbmF0dXJl';

/** The server's opt-out routes: this token is known; anything else is refused as the server does. */
function serveOptOut() {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const method = init?.method ?? 'GET';
      calls.push(method);
      const token =
        method === 'GET'
          ? url.searchParams.get('token')
          : (JSON.parse(String(init?.body)) as { token: string }).token;
      if (token !== TOKEN)
        return json(
          { message: 'This link is not valid. Please use the link from your latest message.' },
          400,
        );
      return json({ channel: 'whatsapp', address: '••••••3210', stopped: method === 'POST' });
    }),
  );
  return calls;
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/messages/stop', element: <StopMessagesPage /> }], {
    initialEntries: [path],
  });
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

describe('Stop messages page', () => {
  it('says what the link stops, and stops it only when the shopper confirms', async () => {
    const calls = serveOptOut();
    renderAt(`/messages/stop?token=${encodeURIComponent(TOKEN)}`);
    expect(await screen.findByText('Stop all WhatsApp messages from us to ••••••3210?')).toBeTruthy();
    expect(calls).toEqual(['GET']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Stop messages' }));
    expect(
      await screen.findByText('Done. We will send no more WhatsApp messages to ••••••3210.'),
    ).toBeTruthy();
    expect(calls).toEqual(['GET', 'POST']);
  });

  it("says a link that is not the store's is not valid", async () => {
    serveOptOut();
    renderAt('/messages/stop?token=forged');
    expect(await screen.findByText('This link is not valid')).toBeTruthy();
    expect(
      screen.getByText('This link is not valid. Please use the link from your latest message.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop messages' })).toBeNull();
  });
});
