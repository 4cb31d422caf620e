import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';

export type ToastTone = 'success' | 'error';
type ToastMessage = { id: number; text: string; tone: ToastTone };
type ShowToast = (text: string, tone?: ToastTone) => void;

// Long enough to read a short sentence; the message can also be dismissed at once.
export const TOAST_MS = 3000;

const ToastContext = createContext<ShowToast | null>(null);

/**
 * The app's own short messages ('Added to wishlist', 'Please login to add items to
 * wishlist') instead of the browser's alert box. One message at a time, above the bottom
 * navigation, in a polite live region that is always in the page so screen readers announce
 * every new message.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<ToastMessage | null>(null);
  const nextId = useRef(0);

  const show = useCallback<ShowToast>((text, tone = 'success') => {
    nextId.current += 1;
    setMessage({ id: nextId.current, text, tone });
  }, []);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [message]);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div
        role="status"
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-24 z-50 flex justify-center px-4 md:bottom-6"
      >
        {message && (
          <p
            key={message.id}
            className={`pointer-events-auto flex items-center gap-3 rounded-full px-4 py-2 text-sm font-semibold text-white shadow-lg ${
              message.tone === 'error' ? 'bg-red-700' : 'bg-stone-900'
            }`}
          >
            {message.text}
            <button
              type="button"
              onClick={() => setMessage(null)}
              aria-label="Dismiss message"
              className="text-white/80 hover:text-white"
            >
              ×
            </button>
          </p>
        )}
      </div>
    </ToastContext.Provider>
  );
}

const noToast: ShowToast = () => {};

/** Shows a short message in the app's toast; outside a ToastProvider (a bare component test) nothing. */
export function useToast(): ShowToast {
  return useContext(ToastContext) ?? noToast;
}
