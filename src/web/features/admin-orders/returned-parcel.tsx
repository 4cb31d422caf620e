import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { RefundsOwed, ReturnedParcelResponse } from '../../../shared/api/courier';
import { formatIndiaDateTime } from '../../../shared/india-time';
import { formatInr } from '../../../shared/money';
import { apiRequest } from '../../api/client';
import { errorMessage } from '../../components/admin/admin-ui';
import { useStaffMay } from '../../components/admin/staff-permission';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/status-message';

// Decision 0064: a parcel the courier brought back is checked in; its refund is made or owed.

const parcelKey = (orderId: string) => ['admin', 'returned-parcel', orderId] as const;
const owedKey = ['admin', 'refunds-owed'] as const;
const parcelPath = (orderId: string) => `/admin/orders/${encodeURIComponent(orderId)}/returned-parcel`;

/** The parcel's answers, the refunds owed and the order's money read again after an action. */
function useSettle(orderId: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: parcelKey(orderId) });
    void client.invalidateQueries({ queryKey: owedKey });
    void client.invalidateQueries({ queryKey: ['admin', 'order', orderId] });
  };
}

function useRefundNow(orderId: string) {
  return useMutation({
    mutationFn: () => apiRequest<ReturnedParcelResponse>(`${parcelPath(orderId)}/refund`, { method: 'POST' }),
    onSettled: useSettle(orderId),
  });
}

/** The shipment panel's part for a parcel back at the store: check it in, then its money. */
export function ReturnedParcelPanel({ orderId }: { orderId: string }) {
  const state = useQuery({
    queryKey: parcelKey(orderId),
    queryFn: ({ signal }) => apiRequest<ReturnedParcelResponse>(parcelPath(orderId), { signal }),
  });
  const settle = useSettle(orderId);
  const checkIn = useMutation({
    mutationFn: () =>
      apiRequest<ReturnedParcelResponse>(`${parcelPath(orderId)}/check-in`, { method: 'POST' }),
    onSettled: settle,
  });
  const refund = useRefundNow(orderId);
  const mayRefund = useStaffMay('refund');
  if (state.isPending) return <Spinner label="Loading the returned parcel" />;
  const parcel = state.data?.returnedParcel;
  if (!parcel) return null;
  const error = state.error ?? checkIn.error ?? refund.error;
  return (
    <div className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-stone-800">
      <h3 className="font-bold text-stone-900">Back at the store</h3>
      {!parcel.checkedInAt ? (
        <>
          <p className="mt-1">
            The courier returned this parcel. Check it in once you have it in hand
            {parcel.cashOnDelivery
              ? ': it was cash on delivery, so nothing was paid and nothing is owed.'
              : ': what the customer paid is then refunded or shown as owed, as Settings say.'}
          </p>
          <Button className="mt-2" disabled={checkIn.isPending} onClick={() => checkIn.mutate()}>
            Check in the returned parcel
          </Button>
        </>
      ) : parcel.cashOnDelivery ? (
        <p className="mt-1">
          Checked in {formatIndiaDateTime(parcel.checkedInAt)}. Cash on delivery: nothing was paid, nothing is
          owed.
        </p>
      ) : parcel.refundedAt ? (
        <p className="mt-1">
          Checked in {formatIndiaDateTime(parcel.checkedInAt)}. Refunded {formatInr(parcel.owed)} on{' '}
          {formatIndiaDateTime(parcel.refundedAt)}
          {parcel.deduction > 0 ? ` (${formatInr(parcel.deduction)} return freight deducted)` : ''}.
        </p>
      ) : (
        <>
          <p className="mt-1">
            Checked in {formatIndiaDateTime(parcel.checkedInAt)}. Refund owed: {formatInr(parcel.owed)}
            {parcel.deduction > 0 ? ` (${formatInr(parcel.deduction)} return freight deducted)` : ''}.
          </p>
          {mayRefund && (
            <Button className="mt-2" disabled={refund.isPending} onClick={() => refund.mutate()}>
              Refund now {formatInr(parcel.owed)}
            </Button>
          )}
        </>
      )}
      {error && (
        <div className="mt-2">
          <ErrorBanner>{errorMessage(error)}</ErrorBanner>
        </div>
      )}
    </div>
  );
}

const ageText = (days: number) => (days === 0 ? 'today' : days === 1 ? '1 day' : `${days} days`);

function RefundOwedRow({ refund }: { refund: RefundsOwed['refunds'][number] }) {
  const refundNow = useRefundNow(refund.orderId);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span className="min-w-0">
        <Link to={`/admin/orders/${refund.orderId}`} className="font-semibold text-brand-700 underline">
          Order {refund.orderNumber}
        </Link>{' '}
        · {refund.customerName} · owed {ageText(refund.ageDays)}
        {refundNow.error && <span className="block text-red-700">{errorMessage(refundNow.error)}</span>}
      </span>
      <Button variant="secondary" disabled={refundNow.isPending} onClick={() => refundNow.mutate()}>
        Refund now {formatInr(refund.amount)}
      </Button>
    </li>
  );
}

/** The dashboard's refunds owed (the owner's): each with its age and "Refund now". */
export function RefundsOwedPanel() {
  const owed = useQuery({
    queryKey: owedKey,
    queryFn: ({ signal }) => apiRequest<RefundsOwed>('/admin/refunds-owed', { signal }),
  });
  return (
    <section
      aria-labelledby="refunds-owed"
      className="rounded-xl border border-brand-100 bg-white p-4 shadow-sm"
    >
      <h2 id="refunds-owed" className="font-bold text-stone-900">
        Refunds owed
      </h2>
      {owed.isPending ? (
        <Spinner label="Loading the refunds owed" />
      ) : owed.error ? (
        <ErrorBanner>{errorMessage(owed.error)}</ErrorBanner>
      ) : owed.data.refunds.length === 0 ? (
        <p className="mt-2 text-stone-600">No refunds owed: every returned parcel checked in is refunded.</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-stone-700">
            {formatInr(owed.data.total)} to parcels that came back undelivered, oldest first.
          </p>
          <ul className="mt-2 divide-y divide-stone-100 text-sm">
            {owed.data.refunds.map((refund) => (
              <RefundOwedRow key={refund.orderId} refund={refund} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
