import { describe, expect, it } from 'vitest';
import { GIFT_MESSAGES, GiftOptions, giftColumnsOf, giftMessageLength, giftRecordOf } from './gift-options';

const messageOf = (message: string) => GiftOptions.safeParse({ message, hidePrices: true });

describe('gift options', () => {
  it('trims the message and keeps its line breaks', () => {
    const parsed = GiftOptions.parse({
      message: '  Happy Diwali, Meera!\r\nWith love, Asha  ',
      hidePrices: true,
    });
    expect(parsed).toEqual({
      message: 'Happy Diwali, Meera!\nWith love, Asha',
      hidePrices: true,
      recipientEmail: null,
    });
  });

  it('takes 250 characters and refuses 251', () => {
    expect(messageOf('a'.repeat(250)).success).toBe(true);
    const tooLong = messageOf('a'.repeat(251));
    expect(tooLong.error?.issues[0]?.message).toBe(GIFT_MESSAGES.tooLong);
    expect(GIFT_MESSAGES.tooLong).toBe('Your gift message must be at most 250 characters');
  });

  it('counts an emoji as one character, and not the spaces trimmed away', () => {
    expect(giftMessageLength('Happy Diwali 🪔')).toBe(14);
    expect(messageOf(`${'🎁'.repeat(250)}   `).success).toBe(true);
  });

  it('refuses control characters other than tabs and line breaks', () => {
    expect(messageOf('Happy\u0007 birthday').error?.issues[0]?.message).toBe(GIFT_MESSAGES.notPlainText);
    expect(messageOf('Happy\u0000birthday').success).toBe(false);
    expect(messageOf('Happy\u0085birthday').success).toBe(false);
    expect(messageOf('Happy\tbirthday').success).toBe(true);
  });

  it('reads an empty message as none and prices as shown unless asked', () => {
    expect(GiftOptions.parse({ message: '   ' })).toEqual({
      message: null,
      hidePrices: false,
      recipientEmail: null,
    });
    expect(GiftOptions.parse({ message: null, hidePrices: true })).toEqual({
      message: null,
      hidePrices: true,
      recipientEmail: null,
    });
    expect(giftRecordOf(giftColumnsOf(GiftOptions.parse({})))).toBeNull();
    expect(giftRecordOf(giftColumnsOf(GiftOptions.parse({ hidePrices: true })))).toEqual({
      message: null,
      hidePrices: true,
      recipientEmail: null,
    });
  });

  it("takes the recipient's e-mail in lower case, or none, and refuses one that is not an address", () => {
    expect(GiftOptions.parse({ recipientEmail: ' Meera.Nair@Example.com ' }).recipientEmail).toBe(
      'meera.nair@example.com',
    );
    expect(GiftOptions.parse({ recipientEmail: '' }).recipientEmail).toBeNull();
    expect(GiftOptions.safeParse({ recipientEmail: 'meera@' }).error?.issues[0]?.message).toBe(
      GIFT_MESSAGES.recipientEmail,
    );
  });
});
