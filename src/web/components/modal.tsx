import { type ReactNode, useEffect, useId, useRef } from 'react';
import { CloseIcon } from './icons';

/**
 * Spread on the element where focus should go when a dialog closes and the control that opened it
 * has gone from the page (the section a dialog changed, say). Without one, focus goes to the page's
 * main heading.
 */
export const DIALOG_FOCUS_RETURN = { 'data-dialog-focus-return': '', tabIndex: -1 } as const;

const focusOn = (element: Element | null) => {
  if (!(element instanceof HTMLElement) || element === document.body || !element.isConnected) return false;
  element.focus();
  return document.activeElement === element;
};

/**
 * WCAG 2.4.3: the dialog is unmounted rather than closed, and a browser restores focus only on
 * close(), so focus would fall to <body>. It goes back to the opener while that is still on the
 * page; else to the page's marked place, else its main heading (a page that opened the dialog
 * itself, like checkout's login popup, has no opener). Focus that something else has already
 * placed is left where it is.
 */
function returnFocus(opener: Element | null, dialog: HTMLDialogElement) {
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected && !dialog.contains(active)) return;
  if (focusOn(opener)) return;
  const marked = document.querySelector('[data-dialog-focus-return]');
  if (focusOn(marked)) return;
  const heading = document.querySelector('main h1') ?? document.querySelector('h1');
  if (heading instanceof HTMLElement && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  focusOn(heading);
}

/**
 * An accessible dialog on the native <dialog> element: focus is trapped by the browser and
 * returned by `returnFocus`, Escape closes it, the page behind cannot be clicked.
 */
export function Modal({
  isOpen,
  onClose,
  title,
  subtitle,
  role,
  children,
}: {
  isOpen: boolean;
  onClose(): void;
  title: string;
  subtitle?: string;
  /** 'alertdialog' for a question that needs an answer before anything else (ConfirmDialog). */
  role?: 'alertdialog';
  children: ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<Element | null>(null);
  const titleId = useId();
  const subtitleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!isOpen || !dialog) return;
    if (!dialog.open) {
      // Showing the dialog moves focus into it: this is the moment the opener still has it.
      openerRef.current = document.activeElement;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => {
      // Still on the page: not a close but React re-running the effect (StrictMode).
      if (dialog.isConnected) return;
      returnFocus(openerRef.current, dialog);
    };
  }, [isOpen]);

  if (!isOpen) return null;
  return (
    <dialog
      ref={dialogRef}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={subtitle ? subtitleId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 shadow-xl backdrop:bg-black/50"
    >
      <div className="p-5">
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} className="text-xl font-bold text-stone-900">
              {title}
            </h2>
            {subtitle && (
              <p id={subtitleId} className="mt-1 text-sm text-stone-600">
                {subtitle}
              </p>
            )}
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="-m-2 rounded-lg p-2 text-stone-500 hover:bg-stone-100"
          >
            <CloseIcon className="h-5 w-5" />
          </button>
        </div>
        <div className="mt-4">{children}</div>
      </div>
    </dialog>
  );
}
