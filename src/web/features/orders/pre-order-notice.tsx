import { PRE_ORDER_DAYS_CHECKOUT } from '../../../shared/pincode';

/** Said once per order, however many lines are pre-orders (SPEC 2 order confirmation). */
export function PreOrderNotice() {
  return (
    <p
      role="note"
      className="rounded-lg border border-purple-200 bg-purple-50 px-3 py-2 text-sm text-purple-900"
    >
      <strong className="font-semibold">Pre-order:</strong> items marked Pre-Order are made or restocked for
      you and are delivered in {PRE_ORDER_DAYS_CHECKOUT}. We will e-mail you when they ship.
    </p>
  );
}
