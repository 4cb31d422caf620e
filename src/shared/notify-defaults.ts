import type { NotifyChannel, NotifyConsent } from './notifications';

export type NotifyDefaults = Record<NotifyChannel, boolean>;

/** Reads the defaults as the owner set them now (their settings; NOTIFY_DEFAULT_CHANNELS until saved). */
export type ReadNotifyDefaults = () => Promise<NotifyDefaults>;

/**
 * The channels ticked at checkout until the shopper changes them, and the ones an order
 * made without a checkout (the owner's quote) uses, from the owner's list of channels.
 */
export function notifyDefaultsFrom(channels: readonly NotifyChannel[]): NotifyDefaults {
  return {
    whatsapp: channels.includes('whatsapp'),
    sms: channels.includes('sms'),
    email: channels.includes('email'),
  };
}

/**
 * Decision 0062: what checkout ticks before the shopper chooses, and what an order made without
 * their choice uses. WhatsApp is never ticked for them (WhatsApp's opt-in policy, DPDP s.6's
 * "clear affirmative action"), whatever the owner's default channels; e-mail and SMS order news
 * may be (s.7(a)).
 */
export const checkoutDefaults = (defaults: NotifyDefaults): NotifyDefaults => ({
  ...defaults,
  whatsapp: false,
});

/**
 * The consent an order gets: the shopper's choice, else the defaults. Messages go to the mobile the
 * shopper gave, else to the delivery address's phone, but never for a gift: that phone is the
 * recipient's, who must not get the shopper's news (and its prices).
 */
export function consentFor(
  chosen: NotifyConsent | undefined,
  defaults: NotifyDefaults,
  address: { phone: string; isGift: boolean },
): NotifyConsent {
  const fallbackPhone = address.isGift ? undefined : address.phone;
  const { giftRecipientPhone, ...consent } = chosen ?? { ...defaults, giftRecipient: false };
  const phone = consent.phone ?? fallbackPhone;
  // Only a gift has a recipient to tell, and only when the sender asked.
  const tellsRecipient = address.isGift && consent.giftRecipient;
  return {
    ...consent,
    giftRecipient: tellsRecipient,
    ...(tellsRecipient && giftRecipientPhone ? { giftRecipientPhone } : {}),
    ...(phone ? { phone } : {}),
  };
}
