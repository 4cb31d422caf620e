import { z } from 'zod';

export { REFUND_DETAILS_PATH, refundDetailsPathOf } from './notification-links';

// Decision 0067: where a cash on delivery order's refund goes, as the customer gives it on the
// signed page their message links to. Checked here once for the page and the server.

/** NPCI's virtual payment address: a name, '@', and the bank's handle (letters and digits). */
const VPA = /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,255}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;
/** RBI's IFSC: four letters of the bank, a zero, six letters or digits of the branch. */
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** Indian bank account numbers are 9 to 18 digits. */
const ACCOUNT_NUMBER = /^\d{9,18}$/;

export const PAYEE_MESSAGES = {
  method: 'Choose UPI or a bank account',
  vpa: 'Enter a UPI ID like name@okbank',
  ifsc: 'Enter the 11-character IFSC, like HDFC0001234',
  accountNumber: 'Enter the account number: 9 to 18 digits',
  holder: "Enter the account holder's name",
  linkInvalid: 'This link is not valid. Please use the link in our latest message.',
  linkExpired: 'This link has expired. Please contact us for a new one.',
  linkUsed: 'These details have already been given. Contact us to change them.',
  notWanted: 'This refund does not need your details any more.',
} as const;

const Holder = z
  .string({ error: PAYEE_MESSAGES.holder })
  .trim()
  .min(2, PAYEE_MESSAGES.holder)
  .max(100, "The account holder's name can be at most 100 characters");

export const RefundPayee = z.discriminatedUnion(
  'method',
  [
    z.object({
      method: z.literal('upi'),
      vpa: z
        .string({ error: PAYEE_MESSAGES.vpa })
        .trim()
        .max(300, PAYEE_MESSAGES.vpa)
        .regex(VPA, PAYEE_MESSAGES.vpa),
    }),
    z.object({
      method: z.literal('bank'),
      holder: Holder,
      accountNumber: z
        .string({ error: PAYEE_MESSAGES.accountNumber })
        .trim()
        .max(40, PAYEE_MESSAGES.accountNumber)
        .transform((value) => value.replace(/\s+/g, ''))
        .pipe(z.string().regex(ACCOUNT_NUMBER, PAYEE_MESSAGES.accountNumber)),
      ifsc: z
        .string({ error: PAYEE_MESSAGES.ifsc })
        .trim()
        .max(11, PAYEE_MESSAGES.ifsc)
        .transform((value) => value.toUpperCase())
        .pipe(z.string().regex(IFSC, PAYEE_MESSAGES.ifsc)),
    }),
  ],
  { error: PAYEE_MESSAGES.method },
);
export type RefundPayee = z.infer<typeof RefundPayee>;

/** How the owner reads where to send the money: the UPI ID, or the account, IFSC and holder. */
export const payeeSummary = (payee: RefundPayee): string =>
  payee.method === 'upi'
    ? `UPI ${payee.vpa}`
    : `Bank account ${payee.accountNumber}, IFSC ${payee.ifsc}, ${payee.holder}`;

/** What the signed page shows before the customer gives their details. */
export const RefundPayeePage = z.object({
  orderNumber: z.string(),
  amount: z.number(),
  /** Whether the details were already given (the page then says so, and takes no more). */
  given: z.boolean(),
});
export type RefundPayeePage = z.infer<typeof RefundPayeePage>;

/** Days a refund details link works. */
export const PAYEE_LINK_DAYS = 14;
