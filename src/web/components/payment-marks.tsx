// The ways a shopper can pay, where trust is decided (footer, checkout, payment). Text
// badges rather than brand logos: nothing fetched from elsewhere, readable by screen readers, and a
// few hundred bytes on every page.
const PAYMENT_METHODS = ['UPI', 'Visa', 'Mastercard', 'RuPay', 'Net banking'] as const;

export function PaymentMarks({ className = '' }: { className?: string }) {
  return (
    <ul aria-label="Payment methods we accept" className={`flex flex-wrap gap-1.5 ${className}`}>
      {PAYMENT_METHODS.map((method) => (
        <li
          key={method}
          className="rounded border border-stone-300 bg-white px-1.5 py-0.5 text-xs font-bold tracking-wide text-stone-800"
        >
          {method}
        </li>
      ))}
    </ul>
  );
}
