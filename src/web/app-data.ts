import type { StoreSettings } from '../shared/store-settings';

/**
 * Data the server wrote into the page (`<script id="app-data">`): store settings always, and for
 * some URLs the page's own data so the first render needs no extra request.
 */
type AppData = { settings: StoreSettings } & Record<string, unknown>;

const fallbackSettings: StoreSettings = {
  storeName: 'Utsav Gifts',
  tagline: 'Return gifts and presents for every Indian celebration',
  supportEmail: 'hello@utsavgifts.in',
  instagramHandle: 'utsavgifts',
  whatsappNumber: '919876543210',
  sameDayCity: 'Bengaluru',
  freeShippingFrom: 1000,
  shippingFee: 50,
  gaMeasurementId: null,
};

function readAppData(): AppData {
  const element = typeof document === 'undefined' ? null : document.getElementById('app-data');
  if (!element?.textContent) return { settings: fallbackSettings };
  try {
    return JSON.parse(element.textContent) as AppData;
  } catch {
    return { settings: fallbackSettings };
  }
}

const appData = readAppData();

export const storeSettings: StoreSettings = appData.settings;

/** Preloaded page data is used once, for the first render of the URL it was written for. */
export function takePreloadedData<T>(key: string): T | undefined {
  const value = appData[key] as T | undefined;
  delete appData[key];
  return value;
}
