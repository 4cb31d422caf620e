import { useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { hidesBottomNav } from '../../../shared/page-routes';
import { POLICY_PAGES } from '../../../shared/policy-pages';
import { type AnalyticsChoice, analyticsChoice, chooseAnalytics } from '../../analytics';
import { storeSettings } from '../../app-data';
import { Button } from '../../components/button';
import { useHydrated } from '../../components/use-hydrated';

/**
 * Where the banner sits: right above the lowest bars of the screen, never over their controls (the
 * tab bar and the cart bar on a phone, the product page's buy bar, the cart bar on a wider screen).
 */
function placement(pathname: string, cartBarShown: boolean) {
  const phone = pathname.startsWith('/product/')
    ? 'bottom-16'
    : hidesBottomNav(pathname)
      ? 'bottom-0'
      : cartBarShown
        ? 'bottom-[calc(7.5rem+env(safe-area-inset-bottom))]'
        : 'bottom-[calc(3.5rem+env(safe-area-inset-bottom))]';
  return `${phone} ${cartBarShown ? 'md:bottom-20' : 'md:bottom-4'}`;
}

/**
 * Decision 0052: Google Analytics runs only after the shopper says yes here. Yes and No are the
 * same size and weight, side by side, and nothing is chosen for them (DPDP Act s.6(1): a clear
 * affirmative action; the CCPA's dark-pattern guidelines: no "interface interference"). Shown only
 * where a measurement id is configured, once hydrated (the choice lives in this browser), fixed
 * above the bottom bars so that nothing on the page moves; the page keeps room at its end for it,
 * so that no control is left beneath it.
 */
export function AnalyticsConsentBanner({
  cartBarShown = false,
  onAnswer,
}: {
  /** The cart bar is on the screen: the banner sits above it. */
  cartBarShown?: boolean;
  /** Decision 0075: a signed-in shopper's answer is also written to the consent ledger. */
  onAnswer?: (choice: AnalyticsChoice) => void;
} = {}) {
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  const [answered, setAnswered] = useState(false);
  const measurementId = storeSettings.gaMeasurementId;
  const shown = Boolean(measurementId) && hydrated && !answered && analyticsChoice() === null;
  const banner = useRef<HTMLElement>(null);
  const [room, setRoom] = useState(0);
  useLayoutEffect(() => {
    const element = banner.current;
    if (!shown || !element) return;
    setRoom(element.offsetHeight);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setRoom(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);
  if (!shown || !measurementId) return null;
  const answer = (choice: AnalyticsChoice) => {
    chooseAnalytics(choice, measurementId);
    setAnswered(true);
    onAnswer?.(choice);
  };
  return (
    <>
      <div aria-hidden="true" style={{ height: room }} />
      <section
        ref={banner}
        aria-label="Analytics choice"
        className={`fixed inset-x-0 z-40 mx-auto max-w-xl border-t border-brand-200 bg-white p-4 text-sm text-stone-800 shadow-lg sm:rounded-2xl sm:border ${placement(pathname, cartBarShown)}`}
      >
        <p>
          May {storeSettings.storeName} use Google Analytics to count visits and see which pages help
          shoppers? It stores an identifier in your browser. Nothing changes in the store if you say no.{' '}
          <Link to={POLICY_PAGES.privacy.path} className="font-semibold text-brand-800 underline">
            Privacy notice
          </Link>
        </p>
        <div className="mt-3 grid grid-cols-2 gap-2">
          <Button variant="secondary" onClick={() => answer('granted')}>
            Allow analytics
          </Button>
          <Button variant="secondary" onClick={() => answer('denied')}>
            No, thanks
          </Button>
        </div>
      </section>
    </>
  );
}

/**
 * The privacy notice's switch: what the shopper chose, and one tap to change it (withdrawing is
 * as easy as giving: DPDP Act s.6(4)).
 */
export function AnalyticsChoiceControl({
  onChange,
}: {
  /** Decision 0075: a signed-in shopper's change is also written to the consent ledger. */
  onChange?: (choice: AnalyticsChoice) => void;
} = {}) {
  const hydrated = useHydrated();
  const [choice, setChoice] = useState(analyticsChoice);
  const measurementId = storeSettings.gaMeasurementId;
  if (!measurementId || !hydrated) return null;
  const allowed = choice === 'granted';
  return (
    <div className="mt-2 flex flex-col gap-2" aria-live="polite">
      <p>
        Google Analytics is <strong>{allowed ? 'allowed' : 'not allowed'}</strong> in this browser.
      </p>
      <Button
        variant="secondary"
        className="self-start"
        onClick={() => {
          const next = allowed ? 'denied' : 'granted';
          chooseAnalytics(next, measurementId);
          setChoice(next);
          onChange?.(next);
        }}
      >
        {allowed ? 'Stop analytics' : 'Allow analytics'}
      </Button>
    </div>
  );
}
