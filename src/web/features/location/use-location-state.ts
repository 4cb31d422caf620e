import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { PINCODE_CACHE_TTL_MS } from '../../../shared/pincode';
import { apiRequest } from '../../api/client';
import { browserStorage } from '../../browser-storage';
import { lazyParser } from '../../lazy-parser';
import { createDeliveryLookups, type DeliveryLookups, roundOrderValueForCache } from './delivery-lookups';
import {
  createLocationStore,
  DELIVERY_INFO_KEY,
  type LocationState,
  type LocationStore,
  NO_LOCATION,
  syncLocationAcrossTabs,
} from './location-store';

let lookups: DeliveryLookups | undefined;
let locationStore: LocationStore | undefined;
let stopSync: (() => void) | undefined;
let revalidated = false;

/** The pincode lookups of this tab, with their 5-minute cache (SPEC 7). */
export function getDeliveryLookups(): DeliveryLookups {
  lookups ??= createDeliveryLookups({ get: (path, query) => apiRequest<unknown>(path, { query }) });
  return lookups;
}

/** The stored location's parser (with Zod), loaded when there is a stored location to read. */
const storedLocation = lazyParser(() =>
  import('./stored-location').then((module) => module.parseStoredDeliveryInfo),
);

/** Loads the stored location's parser before the first render when a location is stored (main.tsx). */
export async function prepareStoredLocation(): Promise<void> {
  try {
    if (browserStorage()?.getItem(DELIVERY_INFO_KEY) != null) await storedLocation.load();
  } catch {
    // Unreadable storage, or the parser did not download: the store starts as it finds them.
  }
}

/** The one location of this browser tab, created on first use. */
export function getLocationStore(): LocationStore {
  if (!locationStore) {
    locationStore = createLocationStore({
      storage: browserStorage(),
      parseStored: storedLocation,
      lookups: getDeliveryLookups(),
    });
    // The server renders with the guest's (getGuestSnapshot) and never needs this store's.
    if (typeof window !== 'undefined') stopSync = syncLocationAcrossTabs(locationStore, window);
  }
  return locationStore;
}

const subscribe = (listener: () => void) => getLocationStore().subscribe(listener);
const getSnapshot = () => getLocationStore().getState();
/** The server renders, and hydration expects, a first-time guest's: no pincode chosen. */
const getGuestSnapshot = () => NO_LOCATION;

/**
 * The shared location (selected pincode, delivery info, status) and its actions. The first screen
 * that shows it refreshes a stored record once per visit.
 */
export function useLocationState() {
  const state: LocationState = useSyncExternalStore(subscribe, getSnapshot, getGuestSnapshot);
  useEffect(() => {
    if (revalidated) return;
    revalidated = true;
    void getLocationStore().revalidate();
  }, []);
  const store = getLocationStore();
  return { ...state, setPincode: store.setPincode, clearLocation: store.clear };
}

/**
 * SPEC 3 shipping quote of a pincode for an order value, through the lookup cache (rounded keys).
 * Disabled without a pincode; never fails (the lookup falls back to 'calculated at checkout').
 */
export function useShippingQuote(pincode: string | null, orderValue: number | undefined) {
  const rounded = roundOrderValueForCache(orderValue ?? 0);
  return useQuery({
    queryKey: ['location', 'shipping-quote', pincode, rounded],
    queryFn: async () => (await getDeliveryLookups().quoteShipping(pincode ?? '', rounded)).value,
    enabled: pincode !== null && orderValue !== undefined,
    staleTime: PINCODE_CACHE_TTL_MS,
  });
}

/** Tests start from a fresh store and cache built from the current storage. */
export function resetLocationForTests() {
  stopSync?.();
  stopSync = undefined;
  locationStore = undefined;
  lookups = undefined;
  revalidated = false;
}
