import { useState } from 'react';
import { formatIndiaDateTime } from '../../../shared/india-time';
import { Pager, QueryState } from '../../components/admin/admin-ui';
import { EmptyState } from '../../components/status-message';
import { useOutbox } from './outbox-api';

const STATUS_NAMES: Record<string, string> = { queued: 'Queued', sent: 'Sent', failed: 'Failed' };

export function OutboxView() {
  const [page, setPage] = useState(1);
  const outbox = useOutbox(page);
  return (
    <QueryState isPending={outbox.isPending} error={outbox.error} label="e-mails">
      {outbox.data && outbox.data.data.length === 0 ? (
        <EmptyState title="No e-mails yet">Order confirmations and status e-mails appear here.</EmptyState>
      ) : (
        <ul className="space-y-2">
          {outbox.data?.data.map((mail) => (
            <li key={mail.id} className="rounded-xl border border-brand-100 bg-white p-3">
              <details>
                <summary className="cursor-pointer">
                  <span className="font-semibold">{mail.subject}</span>
                  <span className="block text-sm text-stone-600">
                    To {mail.recipient} · {formatIndiaDateTime(mail.sentAt ?? mail.createdAt)} ·{' '}
                    {STATUS_NAMES[mail.status] ?? mail.status}
                    {mail.lastError ? ` (${mail.lastError})` : ''}
                  </span>
                </summary>
                <pre className="mt-2 whitespace-pre-wrap break-words text-sm text-stone-800">{mail.text}</pre>
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
