import { z } from 'zod';
import { NOTIFY_CHANNELS, type NotifyChannel } from './notifications';

export { CONSENT_PURPOSES, type ConsentPurpose, consentWording } from './consent-wording';
export { PRIVACY_NOTICE_VERSION } from './policy-pages';

/**
 * How a consent was given or withdrawn: a form (checkout), a STOP reply, a message's link, the
 * account's settings (the account page, the privacy notice's switch), the analytics banner.
 */
export const CONSENT_VIAS = ['form', 'reply', 'link', 'settings', 'banner'] as const;
export type ConsentVia = (typeof CONSENT_VIAS)[number];

/** The consents an account can hold, in the order the account page lists them. */
export const MESSAGE_CONSENTS: { purpose: 'order_updates' | 'marketing'; channel: NotifyChannel }[] = [
  ...NOTIFY_CHANNELS.map((channel) => ({ purpose: 'order_updates' as const, channel })),
  ...NOTIFY_CHANNELS.map((channel) => ({ purpose: 'marketing' as const, channel })),
];

/** Checkout's marketing choice: each channel unticked until the shopper ticks it. */
export const MarketingChoice = z
  .object({
    whatsapp: z.boolean({ error: 'WhatsApp offers must be true or false' }),
    sms: z.boolean({ error: 'SMS offers must be true or false' }),
    email: z.boolean({ error: 'E-mail offers must be true or false' }),
  })
  .strict();
export type MarketingChoice = z.infer<typeof MarketingChoice>;

/** One standing consent of an account, as the account page shows it. */
export const AccountConsent = z.object({
  purpose: z.enum(['order_updates', 'marketing']),
  channel: z.enum(NOTIFY_CHANNELS),
  given: z.boolean(),
  /** When it was last given or withdrawn; null when the shopper never chose (the default stands). */
  at: z.string().nullable(),
  wording: z.string(),
});
export type AccountConsent = z.infer<typeof AccountConsent>;
/** Decision 0075: the analytics choice of a signed-in shopper, as the ledger holds it. */
export const AnalyticsConsent = z.object({
  given: z.boolean(),
  /** When it was last answered; null when never (analytics stays off). */
  at: z.string().nullable(),
  wording: z.string(),
});
export type AnalyticsConsent = z.infer<typeof AnalyticsConsent>;

export const AccountConsents = z.object({ consents: z.array(AccountConsent), analytics: AnalyticsConsent });
export type AccountConsents = z.infer<typeof AccountConsents>;

export const ConsentChange = z
  .object({
    purpose: z.enum(['order_updates', 'marketing'], { error: 'Purpose must be order updates or marketing' }),
    channel: z.enum(NOTIFY_CHANNELS, { error: 'Channel must be WhatsApp, SMS or e-mail' }),
    given: z.boolean({ error: 'Given must be true or false' }),
  })
  .strict();
export type ConsentChange = z.infer<typeof ConsentChange>;

/** Decision 0075: Allow or No on the banner, or the switch on the account page or privacy notice. */
export const AnalyticsChange = z
  .object({
    given: z.boolean({ error: 'Given must be true or false' }),
    via: z.enum(['banner', 'settings'], { error: 'Via must be banner or settings' }),
  })
  .strict();
export type AnalyticsChange = z.infer<typeof AnalyticsChange>;
