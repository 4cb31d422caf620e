import type { DeliveryInfo } from '../../../shared/delivery';
import { PINCODE_LENGTH } from '../../../shared/pincode';
import type { LazyParser } from '../../lazy-parser';
import type { DeliveryLookups } from './delivery-lookups';

// SPEC 3: the selected pincode and its delivery info are kept in browser storage under these keys.
export const SELECTED_PINCODE_KEY = 'selectedPincode';
export const DELIVERY_INFO_KEY = 'deliveryInfo';

/** A location the store can deliver to (or the SPEC 4 fallback record, `failed`). */
type ChosenLocation = {
  pincode: string | null;
  deliveryInfo: DeliveryInfo | null;
  status: 'none' | 'checking' | 'ready';
  failed: boolean;
};

/**
 * The shared location: the chosen pincode and what the server said about it. `failed` marks the
 * SPEC 4 fallback record (the server could not be asked and nothing was cached).
 *
 * A pincode the store cannot deliver to never becomes the location (the header would
 * say "Deliver to 999999"): its answer is kept as `refused`, to show beside the field, and the
 * location held before the check (`previous`, kept while checking) comes back.
 */
export type LocationState = ChosenLocation & {
  refused: { pincode: string; info: DeliveryInfo } | null;
  previous: ChosenLocation | null;
};

export type LocationEvent =
  | { type: 'select'; pincode: string }
  | { type: 'resolved'; pincode: string; info: DeliveryInfo; failed: boolean }
  | { type: 'clear' };

export const NO_LOCATION: LocationState = Object.freeze({
  pincode: null,
  deliveryInfo: null,
  status: 'none',
  failed: false,
  refused: null,
  previous: null,
});

const chosenOf = ({ pincode, deliveryInfo, status, failed }: ChosenLocation): ChosenLocation => ({
  pincode,
  deliveryInfo,
  status,
  failed,
});

/** SPEC 4 "Location and pincode" as a pure function of the state and what happened. */
export function locationReducer(state: LocationState, event: LocationEvent): LocationState {
  switch (event.type) {
    case 'select': {
      const pincode = event.pincode.trim();
      // SPEC 4: setting a pincode that is not 6 characters clears the location.
      if (pincode.length !== PINCODE_LENGTH) return NO_LOCATION;
      const previous =
        state.status === 'checking' ? state.previous : state.status === 'ready' ? chosenOf(state) : null;
      return { pincode, deliveryInfo: null, status: 'checking', failed: false, refused: null, previous };
    }
    case 'resolved': {
      // An answer for a pincode that is no longer being checked (the shopper moved on) is dropped.
      if (state.status !== 'checking' || state.pincode !== event.pincode) return state;
      if (!event.failed && !event.info.serviceable) {
        return {
          ...(state.previous ?? NO_LOCATION),
          refused: { pincode: event.pincode, info: event.info },
          previous: null,
        };
      }
      return {
        pincode: event.pincode,
        deliveryInfo: event.info,
        status: 'ready',
        failed: event.failed,
        refused: null,
        previous: null,
      };
    }
    case 'clear':
      return NO_LOCATION;
  }
}

/** What the server said about the pincode in the field, once answered: the location's or the refused one's. */
export function answerFor(input: string, state: LocationState): DeliveryInfo | null {
  if (state.refused !== null && state.refused.pincode === input) return state.refused.info;
  return state.pincode === input && state.status === 'ready' ? state.deliveryInfo : null;
}

/** SPEC 4's states of a pincode entry: none, typed (6 digits), checking, then serviceable or not. */
export type DeliveryPhase = 'none' | 'typed' | 'checking' | 'serviceable' | 'unserviceable';

/** The phase of what the shopper has typed, against the shared location. */
export function deliveryPhase(input: string, state: LocationState): DeliveryPhase {
  if (state.refused !== null && state.refused.pincode === input) return 'unserviceable';
  if (state.pincode !== null && state.pincode === input) {
    if (state.status === 'checking') return 'checking';
    if (state.status === 'ready' && state.deliveryInfo) {
      return state.deliveryInfo.serviceable ? 'serviceable' : 'unserviceable';
    }
  }
  return input.length === PINCODE_LENGTH ? 'typed' : 'none';
}

export type LocationStore = ReturnType<typeof createLocationStore>;

export type LocationStoreOptions = {
  /** Browser storage, or null when it is unavailable (private mode): the location then lives in memory. */
  storage: Storage | null;
  /** Reads the stored delivery info, or gives null when it is unreadable (stored-location.ts). */
  parseStored: LazyParser<DeliveryInfo | null>;
  lookups: Pick<DeliveryLookups, 'checkDelivery'>;
};

/** The one location of the app: a small store persisted under the spec's keys (STYLE "Web"). */
export function createLocationStore({ storage, parseStored, lookups }: LocationStoreOptions) {
  const listeners = new Set<() => void>();
  let state: LocationState = readStorage();

  function readStorage(): LocationState {
    try {
      const pincode = storage?.getItem(SELECTED_PINCODE_KEY) ?? null;
      const raw = storage?.getItem(DELIVERY_INFO_KEY) ?? null;
      if (pincode === null || raw === null) return NO_LOCATION;
      const parse = parseStored.current;
      if (!parse) {
        // Stored after the start (another tab) before the parser was loaded: read it once it is.
        parseStored.load().then(reloadFromStorage, () => {});
        return NO_LOCATION;
      }
      const info = parse(raw);
      // One stored before undeliverable pincodes were refused is not a location.
      if (/^\d{6}$/.test(pincode) && info?.serviceable) {
        return { ...NO_LOCATION, pincode, deliveryInfo: info, status: 'ready' };
      }
    } catch {
      // Unreadable storage or a corrupted record: start without a location.
    }
    return NO_LOCATION;
  }

  function writeStorage(next: LocationState) {
    try {
      if (next.status === 'ready' && next.pincode && next.deliveryInfo) {
        storage?.setItem(SELECTED_PINCODE_KEY, next.pincode);
        storage?.setItem(DELIVERY_INFO_KEY, JSON.stringify(next.deliveryInfo));
      } else if (next.status === 'none') {
        storage?.removeItem(SELECTED_PINCODE_KEY);
        storage?.removeItem(DELIVERY_INFO_KEY);
      }
    } catch {
      // Full or disabled storage: the location still works for this visit.
    }
  }

  function reloadFromStorage() {
    state = readStorage();
    for (const listener of listeners) listener();
  }

  function dispatch(event: LocationEvent) {
    const next = locationReducer(state, event);
    if (next === state) return;
    state = next;
    writeStorage(next);
    for (const listener of listeners) listener();
  }

  return {
    getState: (): LocationState => state,

    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    /**
     * SPEC 4: not 6 characters clears the location; otherwise the delivery info (with the shipping
     * quote at order value 0 and the city) is loaded and stored, or the fallback record on failure.
     */
    async setPincode(pincode: string): Promise<LocationState> {
      dispatch({ type: 'select', pincode });
      const selected = state.pincode;
      if (state.status !== 'checking' || selected === null) return state;
      const { value, source } = await lookups.checkDelivery(selected);
      dispatch({ type: 'resolved', pincode: selected, info: value, failed: source === 'fallback' });
      return state;
    },

    clear() {
      dispatch({ type: 'clear' });
    },

    /**
     * A stored record may be days old (and same-day turns next-day at 2 PM): ask again quietly and
     * keep the stored record if the server cannot answer.
     */
    async revalidate() {
      const { pincode, status } = state;
      if (status !== 'ready' || pincode === null) return;
      const { value, source } = await lookups.checkDelivery(pincode);
      if (source === 'fallback' || state.pincode !== pincode || state.status !== 'ready') return;
      // A pincode the store has stopped serving stops being the location.
      state = value.serviceable
        ? { ...NO_LOCATION, pincode, deliveryInfo: value, status: 'ready' }
        : NO_LOCATION;
      writeStorage(state);
      for (const listener of listeners) listener();
    },

    /** Another tab chose or cleared a location. */
    reloadFromStorage,
  };
}

/** Keeps tabs in step: a pincode chosen in one tab shows in the others. */
export function syncLocationAcrossTabs(store: LocationStore, target: Window) {
  const onStorage = (event: StorageEvent) => {
    // A null key means the whole storage was cleared.
    if (event.key === SELECTED_PINCODE_KEY || event.key === DELIVERY_INFO_KEY || event.key === null) {
      store.reloadFromStorage();
    }
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
