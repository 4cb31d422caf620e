import { useEffect, useRef, useState } from 'react';
import type { AddressForm, CheckoutAddress } from '../../../shared/address-rules';
import { normalisePhone } from '../../../shared/phone';
import { isSessionExpired } from '../../features/addresses/address-errors';
import { initialAddress, useSavedAddresses } from '../../features/addresses/use-addresses';

const sameAddress = (a: AddressForm, b: AddressForm) =>
  a.fullName.trim() === b.fullName.trim() &&
  a.address.trim() === b.address.trim() &&
  a.city.trim() === b.city.trim() &&
  a.postalCode.trim() === b.postalCode.trim() &&
  normalisePhone(a.phone) === normalisePhone(b.phone);

/** Whether the login page passed an address along (SPEC 2), to be read by readCarriedAddress. */
const carriesAddress = (state: unknown) =>
  Boolean(state && typeof state === 'object' && 'shippingAddress' in state);

/**
 * SPEC 2 and 4: the address checkout delivers to. The one the shopper picked, else a saved one the
 * login page carried back, else the default; with none saved, or when they cannot be loaded, the add
 * form opens once a sign-in. `readCarried` reads the carried address with the server's schema (it
 * loads on use, decision 0088); it keeps its identity, as the route state does, so each is read once.
 */
export function useCheckoutAddress({
  userId,
  hasLines,
  routeState,
  readCarried,
}: {
  userId: number | null;
  hasLines: boolean;
  routeState: unknown;
  readCarried: () => Promise<(state: unknown) => AddressForm | null>;
}) {
  const saved = useSavedAddresses(userId);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [carried, setCarried] = useState<AddressForm | null>(null);
  const [carriedUnreadable, setCarriedUnreadable] = useState(false);
  const addressCarried = carriesAddress(routeState);
  useEffect(() => {
    if (!addressCarried) return;
    readCarried().then(
      (read) => setCarried(read(routeState)),
      () => setCarriedUnreadable(true),
    );
  }, [addressCarried, routeState, readCarried]);
  const selected =
    saved.addresses.find((address) => address.id === selectedId) ??
    (carried ? saved.addresses.find((address) => sameAddress(address, carried)) : undefined) ??
    initialAddress(saved.addresses);

  const [modal, setModal] = useState<{ isOpen: boolean; editing: CheckoutAddress | null }>({
    isOpen: false,
    editing: null,
  });
  // Once opened, the form stays mounted, so closing it keeps an edit's fields (SPEC 2).
  const [formOpened, setFormOpened] = useState(false);
  if (modal.isOpen && !formOpened) setFormOpened(true);
  const addFormOpened = useRef<number | null>(null);
  const loadFailed = saved.error !== null && !isSessionExpired(saved.error);
  const noneSaved = !saved.loading && saved.addresses.length === 0;
  useEffect(() => {
    if (userId === null || !hasLines || addFormOpened.current === userId) return;
    if (noneSaved || loadFailed) {
      addFormOpened.current = userId;
      setModal({ isOpen: true, editing: null });
    }
  }, [userId, hasLines, noneSaved, loadFailed]);

  return {
    saved,
    selected,
    select: setSelectedId,
    loadFailed,
    carriedUnreadable,
    modal,
    formOpened,
    add: () => setModal({ isOpen: true, editing: null }),
    edit: (address: CheckoutAddress) => setModal({ isOpen: true, editing: address }),
    closeModal: () => setModal((current) => ({ ...current, isOpen: false })),
  };
}
