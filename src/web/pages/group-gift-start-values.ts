import type { OpenGroupGiftInput } from '../../shared/api/group-gifts';
import { type AddressFields, emptyAddress, shippingAddressOf } from './gift-address-values';

// Decision 0084: what the organiser types to start a group gift, and what of it is sent. Zod-free,
// as the form loads with its page; group-gift-start-checks.ts runs the server's schema on it.

export type GroupGiftStartValues = {
  recipientName: string;
  message: string;
  closesOn: string;
  suggestedShare: string;
  surprise: boolean;
  /** Decision 0081: the recipient gives the address once the pool is met. */
  byLink: boolean;
  giftLink: { recipient: { phone: string } };
  shippingAddress: AddressFields;
};

/** Nothing ticked for the organiser; the pool closes a week on unless they choose another day. */
export const startValues = (closesOn: string): GroupGiftStartValues => ({
  recipientName: '',
  message: '',
  closesOn,
  suggestedShare: '',
  surprise: false,
  byLink: false,
  giftLink: { recipient: { phone: '' } },
  shippingAddress: emptyAddress(),
});

/** The pool as sent but its gift: the address, or the link to the recipient's mobile. */
export function groupGiftSent(
  values: GroupGiftStartValues,
): Omit<OpenGroupGiftInput, 'items' | 'totalAmount' | 'delivery' | 'notify'> {
  return {
    ...(values.byLink
      ? {
          giftLink: {
            recipient: { name: values.recipientName, phone: values.giftLink.recipient.phone },
            allowedSlots: ['standard' as const],
          },
        }
      : { shippingAddress: shippingAddressOf(values.shippingAddress) }),
    recipientName: values.recipientName,
    closesOn: values.closesOn,
    ...(values.message.trim() ? { message: values.message } : {}),
    ...(values.suggestedShare ? { suggestedShare: Number(values.suggestedShare) } : {}),
    surprise: values.surprise,
  };
}
