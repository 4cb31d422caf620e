// DESIGN 4: GA4 ecommerce events in INR go to window.dataLayer; gtag itself loads only when a
// measurement id is configured and the shopper has said yes (decision 0052: DPDP Act s.6, consent
// by a clear affirmative action, withdrawn as easily as given).
import { linesAmountPaise, toRupees } from '../shared/money';
import { PRIVACY_NOTICE_VERSION } from '../shared/policy-pages';
import { browserStorage } from './browser-storage';

type DataLayerEvent = Record<string, unknown> & { event: string };

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export type AnalyticsItem = {
  item_id: string;
  item_name: string;
  item_category?: string;
  price: number;
  quantity?: number;
};

type Gtag = (...args: unknown[]) => void;
let gtag: Gtag | null = null;

/**
 * DESIGN 4: loads Google's gtag.js for GA4 when a measurement id is configured (the CSP then
 * allows its hosts). Page views are sent by the router's own page_view events, not by gtag.
 */
export function loadGoogleAnalytics(measurementId: string | null) {
  if (!measurementId || gtag) return;
  window.dataLayer ??= [];
  const layer = window.dataLayer;
  // gtag.js reads its commands as `arguments` objects, as Google's own snippet pushes them.
  gtag = function gtagCommand() {
    // biome-ignore lint/complexity/noArguments: gtag.js only understands the arguments object
    layer.push(arguments);
  };
  gtag('js', new Date());
  gtag('config', measurementId, { send_page_view: false });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.append(script);
}

/** The shopper's answer to the analytics question, kept in this browser. */
export type AnalyticsChoice = 'granted' | 'denied';
const CHOICE_KEY = 'analyticsChoice';

export function analyticsChoice(): AnalyticsChoice | null {
  try {
    const stored = JSON.parse(browserStorage()?.getItem(CHOICE_KEY) ?? 'null') as {
      choice?: unknown;
      version?: unknown;
    } | null;
    if (stored?.version !== PRIVACY_NOTICE_VERSION) return null;
    return stored.choice === 'granted' || stored.choice === 'denied' ? stored.choice : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the shopper's answer (with when, and the notice it answered) and acts on it: gtag loads on
 * a yes; on a withdrawn yes, Google's documented switch (`ga-disable-<id>`) stops what is loaded
 * from sending anything more. Events keep going to `dataLayer`, which never leaves the page.
 */
export function chooseAnalytics(choice: AnalyticsChoice, measurementId: string | null) {
  browserStorage()?.setItem(
    CHOICE_KEY,
    JSON.stringify({ choice, version: PRIVACY_NOTICE_VERSION, at: new Date().toISOString() }),
  );
  if (!measurementId) return;
  // Google's opt-out switch is a property named after the measurement id, unknown to Window's type.
  Reflect.set(window, `ga-disable-${measurementId}`, choice === 'denied');
  if (choice === 'granted') loadGoogleAnalytics(measurementId);
}

/** At start: gtag only for a shopper who said yes before (decision 0052). */
export function startAnalytics(measurementId: string | null) {
  if (analyticsChoice() === 'granted') loadGoogleAnalytics(measurementId);
}

function push(entry: DataLayerEvent) {
  window.dataLayer ??= [];
  // GA4 recommends clearing the previous ecommerce object before pushing a new one.
  if ('ecommerce' in entry) window.dataLayer.push({ ecommerce: null });
  window.dataLayer.push(entry);
  if (gtag) {
    // gtag.js sends only its own commands to GA4: the same event, with the ecommerce fields.
    const { event, ecommerce, ...fields } = entry;
    gtag('event', event, { ...fields, ...(ecommerce as Record<string, unknown> | undefined) });
  }
}

/** The page-view helper of SPEC 1: takes a path and a title. */
export function trackPageView(path: string, title: string) {
  push({ event: 'page_view', page_path: path, page_title: title, page_location: window.location.href });
}

export type EcommerceEvent =
  | 'view_item_list'
  | 'view_item'
  | 'add_to_cart'
  | 'remove_from_cart'
  | 'begin_checkout'
  | 'purchase';

export function trackEcommerce(
  event: EcommerceEvent,
  items: AnalyticsItem[],
  extra: Record<string, unknown> = {},
) {
  const value = toRupees(
    linesAmountPaise(items.map((item) => ({ price: item.price, quantity: item.quantity ?? 1 }))),
  );
  push({ event, ecommerce: { currency: 'INR', value, items, ...extra } });
}

const RECENT_VIEWS_KEY = 'recentViews';

/** The recent-view recorder of SPEC 1: remembers the categories and collections a shopper opened. */
export function recordRecentView(name: string) {
  try {
    const previous = JSON.parse(localStorage.getItem(RECENT_VIEWS_KEY) ?? '[]') as unknown;
    const list = Array.isArray(previous)
      ? previous.filter((entry): entry is string => typeof entry === 'string')
      : [];
    const next = [name, ...list.filter((entry) => entry !== name)].slice(0, 10);
    localStorage.setItem(RECENT_VIEWS_KEY, JSON.stringify(next));
  } catch {
    // Storage can be full or disabled (private mode); recording is best effort.
  }
}
