import { useState } from 'react';

export const SHARE_COPIED = 'Product link copied to clipboard!';
export const SHARE_FAILED = 'Unable to share. Please copy the URL manually.';

/**
 * SPEC 2/8 share button: the system share sheet (Web Share API) where there is one, else the
 * link is copied to the clipboard.
 */
export function ShareButton({ title, text, url }: { title: string; text: string; url: string }) {
  const [message, setMessage] = useState('');

  async function share() {
    setMessage('');
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        // Closing the share sheet is the shopper's choice, not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setMessage(SHARE_COPIED);
    } catch {
      setMessage(SHARE_FAILED);
    }
  }

  return (
    <div className="flex flex-col items-start gap-1">
      <button
        type="button"
        onClick={share}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-brand-200 bg-white px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        <svg
          viewBox="0 0 24 24"
          width="18"
          height="18"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <circle cx="18" cy="5" r="3" />
          <circle cx="6" cy="12" r="3" />
          <circle cx="18" cy="19" r="3" />
          <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
        </svg>
        Share
      </button>
      <p role="status" className={`text-sm ${message === SHARE_FAILED ? 'text-red-700' : 'text-green-700'}`}>
        {message}
      </p>
    </div>
  );
}
