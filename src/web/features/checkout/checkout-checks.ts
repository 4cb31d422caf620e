import type { FieldErrors, Resolver } from 'react-hook-form';
import { AddressForm } from '../../../shared/address';
import type { MarketingChoice } from '../../../shared/consents';
import type { DeliveryChoice } from '../../../shared/delivery-dates';
import { GiftOptions } from '../../../shared/gift-options';
import { NotifyConsent } from '../../../shared/notifications';
import type { GiftChoice, GiftErrors } from './gift-options-field';
import type { UpdatesChoice } from './order-updates-field';

// Checkout's checks that run the server's own schemas, with Zod (about 25 KB gzipped): the checkout
// page loads this module when the shopper first focuses its form or submits it, or comes back from
// the login page with an address, so the page opens without Zod (docs/performance.md "JavaScript
// budget", decision 0088).

/**
 * The choice as create-order takes it, through the server's own schema: undefined when
 * it is not a gift, or the reason the message is refused.
 */
export function readGiftChoice(choice: GiftChoice): { giftOptions?: GiftOptions; errors?: GiftErrors } {
  if (!choice.isGift) return {};
  const parsed = GiftOptions.safeParse({
    message: choice.message,
    hidePrices: choice.hidePrices,
    recipientEmail: choice.recipientEmail,
  });
  if (!parsed.success) {
    const errors: GiftErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'recipientEmail' ? 'recipientEmail' : 'message';
      errors[field] ??= issue.message;
    }
    return { errors };
  }
  const { message, hidePrices, recipientEmail } = parsed.data;
  return message === null && !hidePrices && recipientEmail === null ? {} : { giftOptions: parsed.data };
}

/**
 * Decision 0033: the choice as create-order takes it, through the server's schema. Decision 0054: the
 * mobile is the account's verified one; WhatsApp and SMS never go to a number typed here.
 */
export function readUpdatesChoice(
  choice: UpdatesChoice,
  account: { verifiedPhone: string | null; isGift: boolean },
): { notify?: NotifyConsent; marketing?: MarketingChoice; error?: string } {
  const phone = account.verifiedPhone ?? '';
  const tellsRecipient = account.isGift && choice.giftRecipient;
  const recipientPhone = tellsRecipient ? choice.giftRecipientPhone.trim() : '';
  const parsed = NotifyConsent.safeParse({
    whatsapp: choice.whatsapp,
    sms: choice.sms,
    email: choice.email,
    giftRecipient: tellsRecipient,
    ...(phone ? { phone } : {}),
    ...(recipientPhone ? { giftRecipientPhone: recipientPhone } : {}),
  });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Please check your mobile number' };
  const anyOffer = Object.values(choice.offers).some(Boolean);
  return { notify: parsed.data, ...(anyOffer ? { marketing: choice.offers } : {}) };
}

/** An address carried back through the login page (SPEC 2: 'keep any shipping address passed along'). */
export function readCarriedAddress(state: unknown): AddressForm | null {
  if (!state || typeof state !== 'object' || !('shippingAddress' in state)) return null;
  const parsed = AddressForm.safeParse(state.shippingAddress);
  return parsed.success ? parsed.data : null;
}

/** Checkout's form as typed: the gift options, the order updates and the day and slot picked. */
export type CheckoutValues = { gift: GiftChoice; updates: UpdatesChoice; delivery: DeliveryChoice | null };

/** The gift options and order updates as create-order takes them, each through the server's schema. */
export type CheckedCheckout = {
  giftOptions?: GiftOptions;
  notify?: NotifyConsent;
  marketing?: MarketingChoice;
};

/** Who is checking out, the form's context: the verified mobile and whether an e-mail can reach them. */
export type CheckoutAccount = { verifiedPhone: string | null; hasEmail: boolean };

const accountOf = (context: unknown): CheckoutAccount => {
  if (!context || typeof context !== 'object') return { verifiedPhone: null, hasEmail: false };
  const verifiedPhone = 'verifiedPhone' in context ? context.verifiedPhone : null;
  return {
    verifiedPhone: typeof verifiedPhone === 'string' ? verifiedPhone : null,
    hasEmail: 'hasEmail' in context && context.hasEmail === true,
  };
};

/**
 * Checkout's form checks (useCheckedForm's resolver): the gift options and the order updates
 * through the server's schemas, their messages under the gift message, the recipient's e-mail and
 * "Order updates". The context is the CheckoutAccount.
 */
export function checkCheckout(
  values: CheckoutValues,
  context: unknown,
): ReturnType<Resolver<CheckoutValues, unknown, CheckedCheckout>> {
  const account = accountOf(context);
  const gift = readGiftChoice(values.gift);
  // An account made with a mobile number alone has no address an e-mail could reach.
  const updates = readUpdatesChoice(
    { ...values.updates, email: values.updates.email && account.hasEmail },
    { verifiedPhone: account.verifiedPhone, isGift: values.gift.isGift },
  );
  if (gift.errors || updates.error) {
    const errors: FieldErrors<CheckoutValues> = {};
    if (gift.errors) {
      errors.gift = {
        ...(gift.errors.message ? { message: { type: 'schema', message: gift.errors.message } } : {}),
        ...(gift.errors.recipientEmail
          ? { recipientEmail: { type: 'schema', message: gift.errors.recipientEmail } }
          : {}),
      };
    }
    if (updates.error) errors.updates = { type: 'schema', message: updates.error };
    return { values: {}, errors };
  }
  return {
    values: {
      ...(gift.giftOptions ? { giftOptions: gift.giftOptions } : {}),
      ...(updates.notify ? { notify: updates.notify } : {}),
      ...(updates.marketing ? { marketing: updates.marketing } : {}),
    },
    errors: {},
  };
}
