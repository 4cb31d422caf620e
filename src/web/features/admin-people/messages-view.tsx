import { useState } from 'react';
import type { AdminMessage, AdminMessages } from '../../../shared/api/messaging';
import { formatIndiaDateTime } from '../../../shared/india-time';
import { Pager, QueryState } from '../../components/admin/admin-ui';
import { EmptyState } from '../../components/status-message';
import { useMessages } from './messages-api';

const CHANNEL_NAMES: Record<AdminMessage['channel'], string> = { whatsapp: 'WhatsApp', sms: 'SMS' };
const STATUS_NAMES: Record<AdminMessage['status'], string> = {
  accepted: 'Accepted',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
};
const PROVIDER_NAMES: Record<string, string> = {
  'whatsapp-cloud-api': 'the WhatsApp Cloud API',
  msg91: 'MSG91',
};

/** What the WhatsApp and SMS sandboxes sent (DESIGN 6), newest first. */
export function MessagesView() {
  const [page, setPage] = useState(1);
  const messages = useMessages(page);
  return (
    <QueryState isPending={messages.isPending} error={messages.error} label="messages">
      {messages.data && <MessageList messages={messages.data} />}
      {messages.data && (
        <Pager
          page={messages.data.page}
          pageSize={messages.data.pageSize}
          total={messages.data.total}
          onPage={setPage}
        />
      )}
    </QueryState>
  );
}

export function MessageList({ messages }: { messages: AdminMessages }) {
  const live = (['whatsapp', 'sms'] as const).filter((channel) => messages.providers[channel] !== 'sandbox');
  return (
    <>
      {live.map((channel) => (
        <p
          key={channel}
          className="mb-3 rounded-xl border border-brand-100 bg-white p-3 text-sm text-stone-800"
        >
          {CHANNEL_NAMES[channel]} messages go out through{' '}
          {PROVIDER_NAMES[messages.providers[channel]] ?? 'the provider'} and are not listed here.
        </p>
      ))}
      {messages.data.length === 0 ? (
        <EmptyState title="No messages yet">Login codes sent by WhatsApp and SMS appear here.</EmptyState>
      ) : (
        <ul className="space-y-2">
          {messages.data.map((message) => (
            <li key={message.id} className="rounded-xl border border-brand-100 bg-white p-3">
              <p className="font-semibold">
                {CHANNEL_NAMES[message.channel]} to {message.to}
                <span className="font-normal text-stone-600"> · {message.template}</span>
              </p>
              <p className="text-sm text-stone-600">
                {formatIndiaDateTime(message.createdAt)} · {STATUS_NAMES[message.status]}
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words text-sm text-stone-800">{message.text}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
