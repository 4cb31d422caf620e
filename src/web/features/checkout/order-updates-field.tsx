import { useId } from 'react';
import { consentWording } from '../../../shared/consent-wording';
import type { AccountConsent, MarketingChoice } from '../../../shared/consents';
import {
  NOTIFY_CHANNEL_LABELS,
  NOTIFY_CHANNELS,
  type NotifyChannel,
} from '../../../shared/notification-rules';
import { CheckboxField, FormField } from '../../components/form-field';

/** What the shopper ticked under "Order updates", and the offers they ticked (decision 0062). */
export type UpdatesChoice = Record<NotifyChannel, boolean> & {
  giftRecipient: boolean;
  /** Decision 0069: the recipient's own mobile as typed; empty for the delivery address's phone. */
  giftRecipientPhone: string;
  offers: MarketingChoice;
};

const NO_OFFERS: MarketingChoice = { whatsapp: false, sms: false, email: false };

/**
 * Decision 0062: WhatsApp is never ticked for the shopper (WhatsApp's opt-in policy, DPDP s.6),
 * whatever the store's defaults say; e-mail and SMS order news may be (s.7(a)). Offers start unticked.
 */
export const initialUpdates = (defaults: Record<NotifyChannel, boolean>): UpdatesChoice => ({
  ...defaults,
  whatsapp: false,
  giftRecipient: false,
  giftRecipientPhone: '',
  offers: NO_OFFERS,
});

/** The order-news channels as this shopper last chose them: WhatsApp ticked only if they chose it. */
export const withPastChoices = (
  choice: UpdatesChoice,
  consents: readonly AccountConsent[],
): UpdatesChoice => {
  const chosen = { ...choice };
  for (const consent of consents) {
    if (consent.purpose === 'order_updates' && consent.at !== null) chosen[consent.channel] = consent.given;
  }
  return chosen;
};

/** WhatsApp, SMS and e-mail updates of the order, and the gift recipient's WhatsApp news. */
export function OrderUpdatesField({
  choice,
  isGift,
  verifiedPhone,
  hasEmail,
  storeName,
  offersGiven,
  error,
  onChange,
}: {
  choice: UpdatesChoice;
  /** Named in the offers' wording (WhatsApp's policy: the opt-in names the business). */
  storeName: string;
  /** The channels the shopper already gets offers on: not offered again. */
  offersGiven: readonly NotifyChannel[];
  isGift: boolean;
  /** The account's mobile verified by a code (decision 0054: the only number messages go to). */
  verifiedPhone: string | null;
  /** False for an account made with a mobile number alone: no e-mail can reach it. */
  hasEmail: boolean;
  error?: string | undefined;
  onChange(choice: UpdatesChoice): void;
}) {
  const titleId = useId();
  const channels = NOTIFY_CHANNELS.filter((channel) => channel !== 'email' || hasEmail);
  const onPhone = choice.whatsapp || choice.sms;
  const offerChannels = channels.filter((channel) => !offersGiven.includes(channel));
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm">
      <h2 id={titleId} className="text-lg font-bold text-stone-900">
        Order updates
      </h2>
      <fieldset className="mt-1">
        <legend className="text-sm text-stone-600">
          Tell me when my order is placed, shipped and delivered by:
        </legend>
        <div className="flex flex-wrap gap-x-6">
          {channels.map((channel) => (
            <CheckboxField
              key={channel}
              label={NOTIFY_CHANNEL_LABELS[channel]}
              checked={choice[channel]}
              onChange={(event) => onChange({ ...choice, [channel]: event.target.checked })}
            />
          ))}
        </div>
      </fieldset>
      {onPhone && (
        <p className="mt-1 text-sm text-stone-600">
          {verifiedPhone
            ? `WhatsApp and SMS go to your verified mobile, ${verifiedPhone}.`
            : 'WhatsApp and SMS go only to a verified mobile: verify yours on My Orders. Until then we send none.'}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
      {isGift && (
        <>
          <p className="mt-2 text-sm text-stone-600">
            The order's news comes to you, as ticked above; the recipient hears only if you ask.
          </p>
          <CheckboxField
            label="Tell the recipient on WhatsApp when it is on its way and delivered (no prices)"
            className="mt-1"
            checked={choice.giftRecipient}
            onChange={(event) => onChange({ ...choice, giftRecipient: event.target.checked })}
          />
          {choice.giftRecipient && (
            <div className="mt-1 flex flex-col gap-1">
              {/* Decision 0069: a number of its own, apart from the buyer's; no placeholder that
                  could pass for a number already filled in. */}
              <FormField
                label="Recipient's mobile (optional)"
                type="tel"
                inputMode="tel"
                autoComplete="off"
                value={choice.giftRecipientPhone}
                onChange={(event) => onChange({ ...choice, giftRecipientPhone: event.target.value })}
              />
              <p className="text-sm text-stone-600">
                Left empty, the delivery address's phone gets these two messages.
              </p>
            </div>
          )}
        </>
      )}
      {offerChannels.length > 0 && (
        <fieldset className="mt-3">
          <legend className="text-sm text-stone-600">Offers and reminders (optional):</legend>
          {offerChannels.map((channel) => (
            <CheckboxField
              key={channel}
              label={consentWording('marketing', channel, storeName)}
              checked={choice.offers[channel]}
              onChange={(event) =>
                onChange({ ...choice, offers: { ...choice.offers, [channel]: event.target.checked } })
              }
            />
          ))}
        </fieldset>
      )}
      <p className="mt-1 text-sm text-stone-600">
        Reply STOP to any message to stop them, or change them on My Orders under Messages.
      </p>
    </section>
  );
}
