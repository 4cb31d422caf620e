import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

function Harness() {
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Clear All
      </button>
      <p>Answer: {answer}</p>
      <ConfirmDialog
        isOpen={open}
        title="Clear wishlist"
        message="Are you sure you want to clear your entire wishlist?"
        confirmLabel="Clear All"
        onCancel={() => {
          setOpen(false);
          setAnswer('cancelled');
        }}
        onConfirm={() => {
          setOpen(false);
          setAnswer('confirmed');
        }}
      />
    </>
  );
}

async function openDialog() {
  const user = userEvent.setup();
  render(<Harness />);
  const opener = screen.getByRole('button', { name: 'Clear All' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('alertdialog', { name: 'Clear wishlist' }) };
}

afterEach(cleanup);

describe('ConfirmDialog', () => {
  it('is an alertdialog named by its title and described by its question, focused on Cancel', async () => {
    const { dialog } = await openDialog();
    const question = within(dialog).getByText('Are you sure you want to clear your entire wishlist?');
    expect(dialog.getAttribute('aria-describedby')).toBe(question.id);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
  });

  it('confirms with its confirm button and gives focus back to the control that opened it', async () => {
    const { user, dialog, opener } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Clear All' }));
    expect(screen.getByText('Answer: confirmed')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it.each([
    ['Cancel', (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Cancel' })],
    ['the close button', (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Close' })],
  ])('cancels with %s', async (_name, control) => {
    const { user, dialog, opener } = await openDialog();
    await user.click(control(dialog));
    expect(screen.getByText('Answer: cancelled')).toBeTruthy();
    expect(document.activeElement).toBe(opener);
  });

  it('cancels on Escape (the dialog element’s cancel event)', async () => {
    const { dialog } = await openDialog();
    // jsdom has no top layer to turn Escape into the dialog's cancel event; the browser journey
    // presses the real key.
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.getByText('Answer: cancelled')).toBeTruthy();
  });
});
