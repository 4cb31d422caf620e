import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLoginPopup } from './use-login-popup';

afterEach(cleanup);

type Props = { userId: number | null; needsLogin: boolean };
const GUEST_WITH_ITEMS: Props = { userId: null, needsLogin: true };

const popupOf = (props: Props) =>
  renderHook((current: Props) => useLoginPopup(current), { initialProps: props });

// SPEC 2: a guest with items in the cart is asked to log in once, and left alone once they close it.
describe("checkout's login popup", () => {
  it('opens on login for a guest with items, and stays shut while auth settles or the cart is empty', () => {
    expect(popupOf(GUEST_WITH_ITEMS).result.current).toMatchObject({ isOpen: true, mode: 'login' });
    expect(popupOf({ userId: null, needsLogin: false }).result.current).toMatchObject({ isOpen: false });
  });

  it('stays closed once the guest closes it, however often the page draws again', () => {
    const popup = popupOf(GUEST_WITH_ITEMS);
    act(() => popup.result.current.close());
    popup.rerender({ userId: null, needsLogin: false });
    popup.rerender(GUEST_WITH_ITEMS);
    expect(popup.result.current).toMatchObject({ isOpen: false, mode: 'login' });
  });

  it('opens on sign-up when asked, and closes when the shopper signs in', () => {
    const popup = popupOf(GUEST_WITH_ITEMS);
    act(() => popup.result.current.open('signup'));
    expect(popup.result.current).toMatchObject({ isOpen: true, mode: 'signup' });
    popup.rerender({ userId: 11, needsLogin: false });
    expect(popup.result.current).toMatchObject({ isOpen: false, mode: 'signup' });
  });

  it('opens again once a shopper who closed it signs in and out, the cart still full', () => {
    const popup = popupOf(GUEST_WITH_ITEMS);
    act(() => popup.result.current.close());
    popup.rerender({ userId: 11, needsLogin: false });
    popup.rerender(GUEST_WITH_ITEMS);
    expect(popup.result.current).toMatchObject({ isOpen: true, mode: 'login' });
  });
});
