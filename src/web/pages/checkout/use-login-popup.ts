import { useEffect, useRef, useState } from 'react';
import type { AuthMode } from '../../features/auth/auth-modal';

/**
 * SPEC 2: a guest with items gets the login popup once; closing it keeps it closed until they log
 * in, and logging in closes it. `needsLogin`: auth has settled, no one is signed in, the cart has items.
 */
export function useLoginPopup({ userId, needsLogin }: { userId: number | null; needsLogin: boolean }) {
  const [popup, setPopup] = useState<{ isOpen: boolean; mode: AuthMode }>({ isOpen: false, mode: 'login' });
  const popupShown = useRef(false);
  useEffect(() => {
    if (userId !== null) {
      popupShown.current = false;
      setPopup((current) => ({ ...current, isOpen: false }));
    } else if (needsLogin && !popupShown.current) {
      popupShown.current = true;
      setPopup({ isOpen: true, mode: 'login' });
    }
  }, [needsLogin, userId]);
  return {
    ...popup,
    open: (mode: AuthMode) => setPopup({ isOpen: true, mode }),
    close: () => setPopup((current) => ({ ...current, isOpen: false })),
  };
}
