import { useSearchParams } from 'react-router';
import { NOTIFY_CHANNEL_LABELS } from '../../shared/notification-rules';
import { Button } from '../components/button';
import { PageMeta } from '../components/page-meta';
import { EmptyState, Spinner } from '../components/status-message';
import { useOptOut, useOptOutLink } from '../features/order-updates/order-updates-api';

/** The opt-out link of every message: says what it stops, and stops it on a click. */
export function StopMessagesPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useOptOutLink(token);
  const optOut = useOptOut();
  const answer = optOut.data ?? link.data;
  const invalid = token === '' || link.isError;

  return (
    <div className="mx-auto max-w-lg">
      <PageMeta
        title="Stop messages"
        description="Stop order messages from us."
        canonicalPath="/messages/stop"
      />
      <h1 className="text-2xl font-extrabold text-stone-900">Stop messages</h1>
      {link.isPending && token !== '' && <Spinner label="Reading your link" />}
      {invalid && (
        <EmptyState title="This link is not valid">
          {link.error?.message ||
            'Please use the link from your latest message, or reply STOP to the message itself.'}
        </EmptyState>
      )}
      {answer && (
        <div className="mt-4 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm">
          {answer.stopped ? (
            <p role="status" className="text-stone-800">
              Done. We will send no more {NOTIFY_CHANNEL_LABELS[answer.channel]} messages to {answer.address}.
            </p>
          ) : (
            <>
              <p className="text-stone-800">
                Stop all {NOTIFY_CHANNEL_LABELS[answer.channel]} messages from us to {answer.address}?
              </p>
              {optOut.isError && (
                <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
                  {optOut.error.message || 'That did not work. Please try again.'}
                </p>
              )}
              <Button className="mt-3" disabled={optOut.isPending} onClick={() => optOut.mutate(token)}>
                {optOut.isPending ? 'Stopping…' : 'Stop messages'}
              </Button>
            </>
          )}
        </div>
      )}
    </div>
  );
}

export { StopMessagesPage as Component };
