import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_MS, ToastProvider, useToast } from './toast';

function Buttons() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast('Added to wishlist')}>
        Save
      </button>
      <button type="button" onClick={() => toast('Please login to add items to wishlist', 'error')}>
        Save as guest
      </button>
    </>
  );
}

const region = () => screen.getByRole('status');

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('announce each message in a polite live region that is always in the page', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    expect(region().getAttribute('aria-live')).toBe('polite');
    expect(region().textContent).toBe('');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(region().textContent).toContain('Added to wishlist');
    await user.click(screen.getByRole('button', { name: 'Save as guest' }));
    expect(region().textContent).toContain('Please login to add items to wishlist');
    expect(region().textContent).not.toContain('Added to wishlist');
  });

  it('can be dismissed at once, and go by themselves after a few seconds', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(region().textContent).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    act(() => vi.advanceTimersByTime(TOAST_MS - 1));
    expect(region().textContent).toContain('Added to wishlist');
    act(() => vi.advanceTimersByTime(1));
    expect(region().textContent).toBe('');
  });

  it('do nothing outside a ToastProvider rather than fail', async () => {
    const user = userEvent.setup();
    render(<Buttons />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
