import { useState } from 'react';
import { ApiError, downloadFile, invoiceFileName } from '../../api/client';

/** The GST tax invoice of a paid order, as a PDF download. */
export function InvoiceDownload({
  orderId,
  orderNumber,
  invoiceNumber,
}: {
  orderId: string;
  orderNumber: string;
  invoiceNumber: string;
}) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const download = async () => {
    setState({ busy: true, error: null });
    try {
      await downloadFile(
        `/orders/${encodeURIComponent(orderId)}/invoice.pdf`,
        invoiceFileName(invoiceNumber),
      );
      setState({ busy: false, error: null });
    } catch (error) {
      setState({
        busy: false,
        error: error instanceof ApiError ? error.message : 'The download failed. Please try again.',
      });
    }
  };
  return (
    <span className="inline-flex flex-col">
      <button
        type="button"
        onClick={() => void download()}
        disabled={state.busy}
        aria-label={`Download invoice of order ${orderNumber}`}
        className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline disabled:text-stone-400"
      >
        {state.busy ? 'Downloading...' : 'Download invoice'}
      </button>
      {state.error && (
        <span role="alert" className="text-xs text-red-700">
          {state.error}
        </span>
      )}
    </span>
  );
}
