/** SPEC 2: while the payment is verified, a full-screen 'Processing Payment'. */
export function ProcessingOverlay() {
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="processing-payment-title"
      aria-describedby="processing-payment-text"
      className="fixed inset-0 z-50 flex items-center justify-center bg-white/95 p-6"
    >
      <div className="flex max-w-sm flex-col items-center text-center">
        <span
          aria-hidden="true"
          className="h-12 w-12 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600"
        />
        <h2 id="processing-payment-title" className="mt-4 text-xl font-extrabold text-stone-900">
          Processing Payment
        </h2>
        <p id="processing-payment-text" className="mt-1 text-stone-600">
          Please wait while we verify your payment...
        </p>
      </div>
    </div>
  );
}
