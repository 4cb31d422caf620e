import { useId } from 'react';
import type { AccountConsent } from '../../../shared/consents';
import { chooseAnalytics } from '../../analytics';
import { storeSettings } from '../../app-data';
import { CheckboxField } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';
import { useChangeAnalyticsConsent, useChangeConsent, useConsents } from './order-updates-api';

const HEADINGS = {
  order_updates: 'News of my orders',
  marketing: 'Offers and reminders',
} as const;

/**
 * Decision 0062: the account's "Messages" section: each consent with a switch, given or withdrawn
 * with one tap and written to the consent ledger like any other.
 */
export function MessagesSection({ userId }: { userId: number }) {
  const id = useId();
  const consents = useConsents(userId);
  const change = useChangeConsent(userId);
  const changeAnalytics = useChangeAnalyticsConsent(userId);
  const measurementId = storeSettings.gaMeasurementId;
  const analytics = consents.data?.analytics;
  const groups = (['order_updates', 'marketing'] as const).map((purpose) => ({
    purpose,
    rows: (consents.data?.consents ?? []).filter((consent) => consent.purpose === purpose),
  }));
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-8 rounded-2xl border border-brand-100 bg-white p-4"
    >
      <h2 id={`${id}-title`} className="font-bold text-stone-900">
        Messages
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        What we may send you, and on which channel. Switch any off with one tap; replying STOP to a message
        does the same.
      </p>
      {consents.isError && (
        <ErrorBanner>We couldn't load your choices just now. Please try again.</ErrorBanner>
      )}
      {(change.isError || changeAnalytics.isError) && (
        <ErrorBanner>That change was not saved. Please try again.</ErrorBanner>
      )}
      {groups.map(({ purpose, rows }) =>
        rows.length === 0 ? null : (
          <fieldset key={purpose} className="mt-3">
            <legend className="text-sm font-semibold text-stone-800">{HEADINGS[purpose]}</legend>
            <ul>
              {rows.map((consent) => (
                <ConsentSwitch
                  key={`${consent.purpose}-${consent.channel}`}
                  consent={consent}
                  busy={change.isPending}
                  onToggle={(given) =>
                    change.mutate({ purpose: consent.purpose, channel: consent.channel, given })
                  }
                />
              ))}
            </ul>
          </fieldset>
        ),
      )}
      {measurementId && analytics && (
        // Decision 0075: the banner's answer, withdrawn here as easily as it was given (DPDP s.6(4)),
        // in the ledger and in this browser at once.
        <fieldset className="mt-3">
          <legend className="text-sm font-semibold text-stone-800">Analytics</legend>
          <ul>
            <li>
              <ConsentToggle
                wording={analytics.wording}
                given={analytics.given}
                busy={changeAnalytics.isPending}
                onToggle={(given) => {
                  chooseAnalytics(given ? 'granted' : 'denied', measurementId);
                  changeAnalytics.mutate({ given, via: 'settings' });
                }}
              />
            </li>
          </ul>
        </fieldset>
      )}
    </section>
  );
}

function ConsentSwitch({
  consent,
  busy,
  onToggle,
}: {
  consent: AccountConsent;
  busy: boolean;
  onToggle(given: boolean): void;
}) {
  return (
    <li>
      <ConsentToggle wording={consent.wording} given={consent.given} busy={busy} onToggle={onToggle} />
    </li>
  );
}

function ConsentToggle({
  wording,
  given,
  busy,
  onToggle,
}: {
  wording: string;
  given: boolean;
  busy: boolean;
  onToggle(given: boolean): void;
}) {
  return (
    <CheckboxField
      label={wording}
      role="switch"
      aria-checked={given}
      checked={given}
      disabled={busy}
      onChange={(event) => onToggle(event.target.checked)}
    />
  );
}
