import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminGroupGiftList } from '../../../shared/api/group-gifts';
import { GROUP_GIFT_STATE_LABELS, GROUP_GIFT_STATES, type GroupGiftState } from '../../../shared/group-gifts';
import { formatIndiaDateTime } from '../../../shared/india-time';
import { formatInr } from '../../../shared/money';
import { ApiError, apiRequest } from '../../api/client';
import { SelectField } from '../../components/form-field';
import { EmptyState, ErrorBanner, Spinner } from '../../components/status-message';

// Decision 0084: the owner's group gifts (open, short, met, refunded), each with its shares by the
// account's name, what was asked and what the pool kept; its one order opens its money ledger.

const SHARE_STATE_LABELS = { awaiting_payment: 'Not paid', taken: 'Kept', refunded: 'Refunded' } as const;

export function GroupGiftsView() {
  const [state, setState] = useState<GroupGiftState | ''>('');
  const pools = useQuery({
    queryKey: ['admin', 'group-gifts', state],
    queryFn: ({ signal }) =>
      apiRequest<AdminGroupGiftList>(`/admin/group-gifts${state ? `?state=${state}` : ''}`, { signal }),
  });
  return (
    <div className="flex flex-col gap-4">
      <SelectField
        label="Show"
        value={state}
        onChange={(event) => setState(event.target.value as GroupGiftState | '')}
        options={[
          { value: '', label: 'All group gifts' },
          ...GROUP_GIFT_STATES.map((value) => ({ value, label: GROUP_GIFT_STATE_LABELS[value] })),
        ]}
      />
      {pools.isPending ? (
        <Spinner label="Loading group gifts" />
      ) : pools.error ? (
        <ErrorBanner>
          {(pools.error instanceof ApiError && pools.error.message) || 'Could not load the group gifts.'}
        </ErrorBanner>
      ) : pools.data.data.length === 0 ? (
        <EmptyState title="No group gifts here yet">Pools that friends chip in to appear here.</EmptyState>
      ) : (
        <ul className="flex flex-col gap-3">
          {pools.data.data.map((pool) => (
            <li key={pool.id} className="rounded-xl border border-stone-200 bg-white p-4">
              <p className="font-bold text-stone-900">
                For {pool.recipientName}, by {pool.organiserName}: {GROUP_GIFT_STATE_LABELS[pool.state]}
              </p>
              <p className="text-sm text-stone-700">
                {formatInr(pool.collectedAmount)} of {formatInr(pool.targetAmount)} · closes{' '}
                {formatIndiaDateTime(pool.closesAt)} ·{' '}
                <Link to={`/admin/orders/${pool.orderId}`} className="font-semibold text-brand-700 underline">
                  Order {pool.orderNumber}
                </Link>
              </p>
              {pool.contributions.length > 0 && (
                <table className="mt-2 w-full text-left text-sm">
                  <caption className="sr-only">Shares of the group gift for {pool.recipientName}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Friend</th>
                      <th scope="col">Asked</th>
                      <th scope="col">Kept</th>
                      <th scope="col">State</th>
                    </tr>
                  </thead>
                  <tbody>
                    {pool.contributions.map((share) => (
                      // One friend may start several shares: each is its own row.
                      <tr key={share.id}>
                        <td>{share.name}</td>
                        <td>{formatInr(share.amount)}</td>
                        <td>{formatInr(share.taken)}</td>
                        <td>{SHARE_STATE_LABELS[share.state]}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
