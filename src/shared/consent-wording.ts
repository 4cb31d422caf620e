// Decision 0062: the words each consent is offered in. No Zod, so a page can show them without
// loading it (consents.ts re-exports them with the rest of the consent rules).
import type { NotifyChannel } from './notifications';

/**
 * Decision 0062: what a consent is for. Order news by e-mail and SMS is a legitimate use of what
 * the shopper gave for the order (DPDP Act s.7(a)); WhatsApp order news and every marketing
 * message need the shopper's own consent (s.6), given per channel and recorded.
 */
export const CONSENT_PURPOSES = ['order_updates', 'marketing', 'analytics', 'stock_alert'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

export const CHANNEL_WORDS: Record<NotifyChannel, string> = {
  whatsapp: 'WhatsApp',
  sms: 'SMS',
  email: 'e-mail',
};

/**
 * What the shopper agrees to, in the words the choice is offered in. WhatsApp's policy wants an
 * opt-in that names the business and WhatsApp; DPDP s.6 a specific purpose.
 */
export function consentWording(purpose: ConsentPurpose, channel: NotifyChannel | null, storeName: string) {
  if (purpose === 'analytics') return `Let ${storeName} count visits with Google Analytics`;
  const on = channel ? CHANNEL_WORDS[channel] : '';
  // Decision 0071: one message about one product, asked for on its page.
  if (purpose === 'stock_alert')
    return `Send me one message from ${storeName} on ${on} when this product is back in stock`;
  return purpose === 'marketing'
    ? `Send me offers and reminders from ${storeName} on ${on}`
    : `Send me news of my orders from ${storeName} on ${on}`;
}
