import { describe, expect, it } from 'vitest';
import { readUpdatesChoice } from './checkout-checks';
import { initialUpdates, withPastChoices } from './order-updates-field';

// Decision 0062: WhatsApp is the shopper's own opt-in; offers a separate, unticked choice.
describe('order updates at checkout', () => {
  it('never ticks WhatsApp for the shopper, even when the store defaults name it, and ticks no offer', () => {
    expect(initialUpdates({ whatsapp: true, sms: true, email: true })).toEqual({
      whatsapp: false,
      sms: true,
      email: true,
      giftRecipient: false,
      giftRecipientPhone: '',
      offers: { whatsapp: false, sms: false, email: false },
    });
  });

  // Decision 0069: the recipient's own number, apart from the buyer's, only on a gift they asked to tell.
  it("sends the recipient's own mobile only for a gift whose recipient is told, and says when it is not a number", () => {
    const start = { ...initialUpdates({ whatsapp: false, sms: true, email: true }), whatsapp: true };
    const telling = { ...start, giftRecipient: true, giftRecipientPhone: '+91 98450 12345' };
    expect(readUpdatesChoice(telling, { verifiedPhone: '9123456789', isGift: true }).notify).toEqual({
      whatsapp: true,
      sms: true,
      email: true,
      phone: '9123456789',
      giftRecipient: true,
      giftRecipientPhone: '9845012345',
    });
    expect(
      readUpdatesChoice(telling, { verifiedPhone: '9123456789', isGift: false }).notify,
    ).not.toHaveProperty('giftRecipientPhone');
    expect(
      readUpdatesChoice({ ...telling, giftRecipient: false }, { verifiedPhone: null, isGift: true }).notify,
    ).not.toHaveProperty('giftRecipientPhone');
    expect(
      readUpdatesChoice({ ...telling, giftRecipientPhone: '98450' }, { verifiedPhone: null, isGift: true })
        .error,
    ).toBe("Please enter the recipient's 10-digit mobile number");
  });

  it('ticks WhatsApp only for a shopper who chose it before, and keeps their other choices', () => {
    const start = initialUpdates({ whatsapp: true, sms: false, email: true });
    const never = { given: false, at: null, wording: '' };
    expect(
      withPastChoices(start, [
        { purpose: 'order_updates', channel: 'whatsapp', ...never },
        { purpose: 'order_updates', channel: 'email', given: true, at: null, wording: '' },
      ]).whatsapp,
    ).toBe(false);
    const chose = withPastChoices(start, [
      {
        purpose: 'order_updates',
        channel: 'whatsapp',
        given: true,
        at: '2026-11-01T10:00:00.000Z',
        wording: '',
      },
      {
        purpose: 'order_updates',
        channel: 'email',
        given: false,
        at: '2026-11-01T10:00:00.000Z',
        wording: '',
      },
      { purpose: 'marketing', channel: 'sms', given: true, at: '2026-11-01T10:00:00.000Z', wording: '' },
    ]);
    expect(chose).toMatchObject({ whatsapp: true, sms: false, email: false });
    expect(chose.offers).toEqual({ whatsapp: false, sms: false, email: false });
  });

  it('sends the offers only when one is ticked', () => {
    const account = { verifiedPhone: '9123456789', isGift: false };
    const start = initialUpdates({ whatsapp: false, sms: false, email: true });
    expect(readUpdatesChoice(start, account).marketing).toBeUndefined();
    const ticked = { ...start, offers: { whatsapp: false, sms: true, email: false } };
    expect(readUpdatesChoice(ticked, account).marketing).toEqual({
      whatsapp: false,
      sms: true,
      email: false,
    });
  });
});
