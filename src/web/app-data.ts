import type { StoreSettings } from '../shared/store-settings';

/**
 * Data the server wrote into the page (`<script id="app-data">`): store settings always, and for
 * the pages it renders (entry-server.tsx) the query cache that rendering used, so the first
 * client render shows the same content without a request.
 */
type AppData = { settings: StoreSettings } & Record<string, unknown>;

/**
 * The server writes the data into every page it serves. Only `npm run dev`'s pages (Vite's own
 * index.html), the component tests and the server renderer (before its first page) start without
 * it, from these settings; the browser's production build leaves them out.
 */
const settingsWithoutServer: StoreSettings | null =
  import.meta.env.DEV || import.meta.env.SSR
    ? {
        storeName: 'Utsav Gifts',
        tagline: 'Return gifts and presents for every Indian celebration',
        supportEmail: 'hello@utsavgifts.in',
        instagramHandle: 'utsavgifts',
        whatsappNumber: '919876543210',
        sameDayCity: 'Bengaluru',
        freeShippingFrom: 1000,
        shippingFee: 50,
        gaMeasurementId: null,
        midnightSlotFee: 199,
        nextDayRadiusKm: 350,
        seller: {
          legalName: 'Utsav Gifts Private Limited',
          address: '12 MG Road, Ashok Nagar, Bengaluru, Karnataka 560001',
          gstin: '29ABCDE1234F1ZW',
        },
        customerCare: { phone: '+91 80 4567 8900', email: 'hello@utsavgifts.in' },
        grievanceOfficer: {
          name: 'Meera Krishnan',
          designation: 'Head of Customer Care',
          email: 'grievance@utsavgifts.in',
          phone: '+91 80 4567 8901',
        },
        // As the server's default (no payment setting).
        testMode: true,
        cashOnDelivery: false,
        faultReturnDays: 30,
        codFee: 49,
        returnShippingPaidBy: 'customer-unless-faulty',
        orderUpdates: { whatsapp: false, sms: false, email: true },
      }
    : null;

function readAppData(): AppData {
  const element = typeof document === 'undefined' ? null : document.getElementById('app-data');
  try {
    if (element?.textContent) return JSON.parse(element.textContent) as AppData;
  } catch {
    // Unreadable: as if there were none.
  }
  if (!settingsWithoutServer) throw new Error('The page has no app data from the server');
  return { settings: settingsWithoutServer };
}

const appData = readAppData();

/** One object for the process's life; the server renderer fills it from its configuration. */
export const storeSettings: StoreSettings = { ...appData.settings };

/**
 * The server renderer fills it from the settings in force; in the browser, the back office's
 * Settings page after a save, so this tab's next pages show the saved fee and name.
 */
export function applyServerSettings(settings: StoreSettings) {
  Object.assign(storeSettings, settings);
}

let serverOrigin = '';

/** Server rendering only: the origin of the request being rendered (renders are synchronous). */
export function setServerOrigin(origin: string) {
  serverOrigin = origin;
}

/** The site's origin for absolute links (canonical, JSON-LD, sharing), in the browser and server. */
export const siteOrigin = () => (typeof window === 'undefined' ? serverOrigin : window.location.origin);

/** Preloaded page data is used once, for the first render of the URL it was written for. */
export function takePreloadedData<T>(key: string): T | undefined {
  const value = appData[key] as T | undefined;
  delete appData[key];
  return value;
}
