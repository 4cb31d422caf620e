import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminMessages } from '../../../shared/api/messaging';
import { MessageList } from './messages-view';

afterEach(cleanup);

const message = {
  id: 2,
  channel: 'sms' as const,
  to: '9876543210',
  template: 'otp',
  params: ['482913'],
  text: '482913 is your Utsav Gifts login code.',
  status: 'delivered' as const,
  providerMessageId: '3763646c3058373530393632',
  createdAt: '2031-03-10T04:50:00.000Z',
  updatedAt: '2031-03-10T04:50:03.000Z',
};
const page = (
  data: AdminMessages['data'],
  providers = { whatsapp: 'sandbox', sms: 'sandbox' },
): AdminMessages => ({
  data,
  total: data.length,
  page: 1,
  pageSize: 25,
  providers,
});

describe('the Messages page', () => {
  it('lists channel, recipient, template, status and the text', () => {
    render(
      <MessageList messages={page([message, { ...message, id: 1, channel: 'whatsapp', status: 'read' }])} />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('SMS to 9876543210 · otp');
    expect(items[0]?.textContent).toContain('Delivered');
    expect(items[0]?.textContent).toContain('482913 is your Utsav Gifts login code.');
    expect(items[1]?.textContent).toContain('WhatsApp to 9876543210');
    expect(items[1]?.textContent).toContain('Read');
  });

  it('says so when nothing was sent, and names a channel that goes to a real provider', () => {
    render(<MessageList messages={page([], { whatsapp: 'whatsapp-cloud-api', sms: 'sandbox' })} />);
    expect(screen.getByText('No messages yet')).toBeTruthy();
    expect(screen.getByText(/WhatsApp messages go out through the WhatsApp Cloud API/)).toBeTruthy();
    expect(screen.queryByText(/SMS messages go out/)).toBeNull();
  });
});
