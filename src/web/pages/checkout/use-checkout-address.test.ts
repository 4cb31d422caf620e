import { act, cleanup, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AddressForm } from '../../../shared/address-rules';
import type { AddressRecord } from '../../../shared/api/addresses';
import { resetAddressMigrationForTests } from '../../features/addresses/use-addresses';
import { savedAddress } from '../../testing/checkout-fixtures';
import { renderHookWithQueries } from '../../testing/render-hook';
import { useCheckoutAddress } from './use-checkout-address';

/** The network edge: GET /api/addresses answers `addresses`, or fails with `status`. */
function serveAddresses(addresses: AddressRecord[], status = 200) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      asked.push(new URL(String(input), 'http://store.test').pathname);
      return status === 200
        ? Response.json({ data: addresses })
        : Response.json({ message: 'Database unavailable' }, { status });
    }),
  );
  return asked;
}

// As the page reads a carried address: with the server's schema, loaded on use (decision 0088).
const readCarried = () =>
  import('../../features/checkout/checkout-checks').then((checks) => checks.readCarriedAddress);
const cannotRead = () => Promise.reject(new Error('Network error'));

type Props = Parameters<typeof useCheckoutAddress>[0];
const signedIn: Props = { userId: 11, hasLines: true, routeState: null, readCarried };
const addressOf = (props: Props) => renderHookWithQueries(useCheckoutAddress, props);

beforeEach(() => localStorage.clear());

afterEach(() => {
  cleanup();
  resetAddressMigrationForTests();
  vi.unstubAllGlobals();
});

// SPEC 2 and 4: the address checkout delivers to.
describe("checkout's address", () => {
  it('starts on the default saved address, then on the one the shopper picks', async () => {
    const asked = serveAddresses([savedAddress(1), savedAddress(2, { is_default: true })]);
    const address = addressOf(signedIn);
    await waitFor(() => expect(address.result.current.selected?.id).toBe(2));
    act(() => address.result.current.select(1));
    expect(address.result.current.selected).toEqual({
      id: 1,
      fullName: 'Person 1',
      address: '1, MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560001',
      phone: '9876543210',
      isDefault: false,
    });
    expect(address.result.current.modal.isOpen).toBe(false);
    expect(asked).toEqual(['/api/addresses']);
  });

  it('starts on the saved address the login page carried back, however its spaces and phone were written', async () => {
    serveAddresses([savedAddress(1), savedAddress(2, { is_default: true })]);
    const carried: AddressForm = {
      fullName: ' Person 1 ',
      address: '1, MG Road',
      city: 'Bengaluru',
      postalCode: '560001',
      phone: '+91 98765 43210',
    };
    const address = addressOf({ ...signedIn, routeState: { shippingAddress: carried } });
    await waitFor(() => expect(address.result.current.selected?.id).toBe(1));
    expect(address.result.current.carriedUnreadable).toBe(false);
  });

  it('says so when a carried address cannot be read, and starts on the default', async () => {
    serveAddresses([savedAddress(1), savedAddress(2, { is_default: true })]);
    const carried = { shippingAddress: { fullName: 'Person 1' } };
    const address = addressOf({ ...signedIn, routeState: carried, readCarried: cannotRead });
    await waitFor(() => expect(address.result.current.carriedUnreadable).toBe(true));
    expect(address.result.current.selected?.id).toBe(2);
  });

  it('opens the add form once for a shopper with nothing saved; closed, it stays closed', async () => {
    serveAddresses([]);
    const address = addressOf(signedIn);
    await waitFor(() => expect(address.result.current.modal).toEqual({ isOpen: true, editing: null }));
    expect(address.result.current.selected).toBeNull();
    act(() => address.result.current.closeModal());
    address.rerender({ ...signedIn });
    expect(address.result.current.modal.isOpen).toBe(false);
    // Once opened, the form stays mounted so an edit keeps its fields (SPEC 2).
    expect(address.result.current.formOpened).toBe(true);
  });

  it('opens the add form when the saved addresses cannot be loaded', async () => {
    serveAddresses([], 503);
    const address = addressOf(signedIn);
    // The list is asked once more before it counts as failed.
    await waitFor(
      () =>
        expect(address.result.current).toMatchObject({
          loadFailed: true,
          modal: { isOpen: true, editing: null },
        }),
      { timeout: 5_000 },
    );
  });

  it('asks nothing and opens nothing for a guest, or for a cart that is empty', async () => {
    const asked = serveAddresses([]);
    const guest = addressOf({ ...signedIn, userId: null });
    const empty = addressOf({ ...signedIn, hasLines: false });
    await waitFor(() => expect(empty.result.current.saved.loading).toBe(false));
    expect(guest.result.current).toMatchObject({
      selected: null,
      modal: { isOpen: false },
      formOpened: false,
    });
    expect(empty.result.current).toMatchObject({
      selected: null,
      modal: { isOpen: false },
      formOpened: false,
    });
    expect(asked).toEqual(['/api/addresses']);
  });

  it('opens the form on an address to edit it', async () => {
    serveAddresses([savedAddress(1, { is_default: true })]);
    const address = addressOf(signedIn);
    await waitFor(() => expect(address.result.current.selected?.id).toBe(1));
    const chosen = address.result.current.selected;
    if (!chosen) throw new Error('no address selected');
    act(() => address.result.current.edit(chosen));
    expect(address.result.current.modal).toEqual({ isOpen: true, editing: chosen });
  });
});
