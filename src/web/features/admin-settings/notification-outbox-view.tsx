import { useState } from 'react';
import { formatIndiaDateTime } from '../../../shared/india-time';
import { NOTIFY_CHANNEL_LABELS, type NotifyChannel } from '../../../shared/notification-rules';
import { Pager, QueryState } from '../../components/admin/admin-ui';
import { EmptyState } from '../../components/status-message';
import { useNotificationOutbox } from './outbox-api';

const STATUS_NAMES: Record<string, string> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
  skipped: 'Not sent',
};

const channelName = (channel: string) => NOTIFY_CHANNEL_LABELS[channel as NotifyChannel] ?? channel;
const AUDIENCE_NOTES: Record<string, string> = {
  gift_recipient: ' (gift recipient)',
  owner: ' (you, the owner)',
};

const noticeName = (notice: string) =>
  notice.replaceAll('_', ' ').replace(/^./, (first) => first.toUpperCase());

/** The order messages on WhatsApp and SMS, with their delivery status and retries. */
export function NotificationOutboxView() {
  const [page, setPage] = useState(1);
  const outbox = useNotificationOutbox(page);
  return (
    <QueryState isPending={outbox.isPending} error={outbox.error} label="messages">
      {outbox.data && outbox.data.data.length === 0 ? (
        <EmptyState title="No messages yet">Order news sent on WhatsApp and SMS appears here.</EmptyState>
      ) : (
        <ul className="space-y-2">
          {outbox.data?.data.map((row) => (
            <li key={row.id} className="rounded-xl border border-brand-100 bg-white p-3">
              <details>
                <summary className="cursor-pointer">
                  <span className="font-semibold">
                    {noticeName(row.notice)}
                    {row.orderNumber ? ` · ${row.orderNumber}` : ''}
                  </span>
                  <span className="block text-sm text-stone-600">
                    {channelName(row.channel)} to {row.recipient}
                    {AUDIENCE_NOTES[row.audience] ?? ''} · {formatIndiaDateTime(row.sentAt ?? row.createdAt)}{' '}
                    · {STATUS_NAMES[row.status] ?? row.status}
                    {row.attempts > 1 ? ` after ${row.attempts} attempts` : ''}
                    {row.lastError ? ` (${row.lastError})` : ''}
                  </span>
                </summary>
                <pre className="mt-2 whitespace-pre-wrap break-words text-sm text-stone-800">
                  {row.text ?? 'Written when it is sent.'}
                </pre>
              </details>
            </li>
          ))}
        </ul>
      )}
      {outbox.data && (
        <Pager
          page={outbox.data.page}
          pageSize={outbox.data.pageSize}
          total={outbox.data.total}
          onPage={setPage}
        />
      )}
    </QueryState>
  );
}
