import { useState } from 'react';
import { Link } from 'react-router';
import { POLICY_PAGES } from '../../../shared/policy-pages';
import { analyticsChoice, chooseAnalytics } from '../../analytics';
import { storeSettings } from '../../app-data';
import { Button } from '../../components/button';
import { useHydrated } from '../../components/use-hydrated';

/**
 * Decision 0052: Google Analytics runs only after the shopper says yes here. Yes and No are the
 * same size and weight, side by side, and nothing is chosen for them (DPDP Act s.6(1): a clear
 * affirmative action; the CCPA's dark-pattern guidelines: no "interface interference"). Shown only
 * where a measurement id is configured, once hydrated (the choice lives in this browser), fixed
 * above the tab bar so that nothing on the page moves.
 */
export function AnalyticsConsentBanner() {
  const hydrated = useHydrated();
  const [answered, setAnswered] = useState(false);
  const measurementId = storeSettings.gaMeasurementId;
  if (!measurementId || !hydrated || answered || analyticsChoice() !== null) return null;
  const answer = (choice: 'granted' | 'denied') => {
    chooseAnalytics(choice, measurementId);
    setAnswered(true);
  };
  return (
    <section
      aria-label="Analytics choice"
      className="fixed inset-x-2 bottom-20 z-40 mx-auto max-w-xl rounded-2xl border border-brand-200 bg-white p-4 text-sm text-stone-800 shadow-lg md:bottom-4"
    >
      <p>
        May {storeSettings.storeName} use Google Analytics to count visits and see which pages help shoppers?
        It stores an identifier in your browser. Nothing changes in the store if you say no.{' '}
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
  );
}

/**
 * The privacy notice's switch: what the shopper chose, and one tap to change it (withdrawing is
 * as easy as giving: DPDP Act s.6(4)).
 */
export function AnalyticsChoiceControl() {
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
        }}
      >
        {allowed ? 'Stop analytics' : 'Allow analytics'}
      </Button>
    </div>
  );
}
