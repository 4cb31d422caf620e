import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GiftLinkStatusNote } from './gift-link-status';

afterEach(cleanup);

describe("a gift link's state on the sender's order page (decision 0081)", () => {
  it('says the address is given and when it arrives, never where', () => {
    render(
      <GiftLinkStatusNote
        link={{
          recipientName: 'Kavya Reddy',
          state: 'addressed',
          openedAt: '2026-11-23T06:00:00.000Z',
          expiresAt: '2026-11-30T05:30:00.000Z',
          delivery: { date: '2026-11-24', slot: 'midnight' },
        }}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe(
      'Address given, arriving Tue, 24 Nov · Midnight delivery (11 PM - 11:59 PM)',
    );
  });

  it('says it was sent while the recipient has not opened it', () => {
    render(
      <GiftLinkStatusNote
        link={{
          recipientName: 'Kavya Reddy',
          state: 'sent',
          openedAt: null,
          expiresAt: '2026-11-30T05:30:00.000Z',
          delivery: null,
        }}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Sent');
  });
});
