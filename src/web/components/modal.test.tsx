import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALOG_FOCUS_RETURN, Modal } from './modal';

/** A page whose opener can go away while the dialog is open, as checkout's red "Edit address" does. */
function Page({ openAtStart = false, marked = false }: { openAtStart?: boolean; marked?: boolean }) {
  const [open, setOpen] = useState(openAtStart);
  const [openerShown, setOpenerShown] = useState(true);
  return (
    <main>
      <h1>Checkout</h1>
      <section>
        <h2 {...(marked ? DIALOG_FOCUS_RETURN : {})}>Shipping Address</h2>
        {openerShown && (
          <button type="button" onClick={() => setOpen(true)}>
            Edit address
          </button>
        )}
      </section>
      <Modal isOpen={open} onClose={() => setOpen(false)} title="Edit Address">
        <button
          type="button"
          onClick={() => {
            setOpenerShown(false);
            setOpen(false);
          }}
        >
          Update Address
        </button>
      </Modal>
    </main>
  );
}

afterEach(cleanup);

describe('Modal focus on closing (WCAG 2.4.3)', () => {
  it('returns focus to the control that opened it', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Edit address' });
    await user.click(opener);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('sends focus to the place the page marked when the opener has gone', async () => {
    const user = userEvent.setup();
    render(<Page marked />);
    await user.click(screen.getByRole('button', { name: 'Edit address' }));
    await user.click(screen.getByRole('button', { name: 'Update Address' }));
    expect(screen.queryByRole('button', { name: 'Edit address' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Shipping Address' }));
  });

  it("sends focus to the page's main heading when nothing opened it", async () => {
    const user = userEvent.setup();
    render(<Page openAtStart />);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Checkout', level: 1 }));
  });
});
