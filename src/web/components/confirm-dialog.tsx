import { useEffect, useLayoutEffect, useRef } from 'react';
import { Button, buttonClass } from './button';
import { Modal } from './modal';

/**
 * The app's own "Are you sure?" instead of the browser's confirm box. An alertdialog on
 * the shared Modal: the question is its description, focus starts on Cancel (the choice that
 * loses nothing), Escape and the close button cancel, and focus goes back to the control that
 * opened it when that control is still on the page.
 */
export function ConfirmDialog({
  isOpen,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
}: {
  isOpen: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm(): void;
  onCancel(): void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<Element | null>(null);

  // A layout effect runs before the Modal (a child) opens its dialog in a passive effect, which
  // moves focus into it: this is the moment the opener still has focus.
  useLayoutEffect(() => {
    if (isOpen) openerRef.current = document.activeElement;
  }, [isOpen]);

  useEffect(() => {
    if (!isOpen) return;
    // Runs after the Modal has opened its dialog, so this focus is the last word.
    cancelRef.current?.focus();
    return () => {
      const opener = openerRef.current;
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [isOpen]);

  return (
    <Modal isOpen={isOpen} onClose={onCancel} title={title} subtitle={message} role="alertdialog">
      <div className="flex gap-3">
        <button
          ref={cancelRef}
          type="button"
          className={buttonClass('secondary', 'flex-1')}
          onClick={onCancel}
        >
          {cancelLabel}
        </button>
        <Button variant="danger" className="flex-1" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
