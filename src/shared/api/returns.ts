import { z } from 'zod';
import { MIN_RETURN_REASON_LENGTH, RETURN_KINDS, RETURN_WINDOW_DAYS } from '../return-rules';

export { MAX_RETURN_PHOTOS } from '../return-rules';

// Returns and refunds (decision 0013): the customer's request from the order page, the owner's
// decision.

export const RETURN_MESSAGES = {
  windowClosed: `The ${RETURN_WINDOW_DAYS}-day return window for this order has closed`,
  notDelivered: 'Only a delivered order can be returned',
  alreadyOpen: 'A return for this order is already being reviewed',
  notInOrder: 'That item is not in this order',
  alreadyDecided: 'This return has already been decided',
  nothingToRefund: 'Nothing is left to refund on this order',
  refundFailed: 'The refund could not be made just now. Please try again.',
  returnNotFound: 'Return not found',
  tooManyPhotos: 'A return can have at most 3 photos',
  photoNotOpen: 'Photos can be added only while the return is being reviewed',
  notOwed: 'This return has no refund waiting to be paid by transfer',
  alreadyPaid: 'This refund has already been marked paid',
  notAwaitingReceipt: 'Only an approved return can be marked received',
  alreadyReceived: 'This return has already been marked received',
  refundNotReleased: 'This refund is made when the items are marked received and checked',
} as const;

/** Decision 0051: the window of a defective, damaged, wrong or late item has closed too. */
export const faultWindowClosedMessage = (days: number) =>
  `The ${days}-day window for a defective, damaged, wrong or late item has closed for this order`;

export const tooManyUnitsMessage = (name: string, left: number) =>
  left === 0 ? `${name} has already been returned` : `You can return at most ${left} of ${name}`;

export const NewReturn = z.object({
  items: z
    .array(
      z.object({
        productId: z.number().int().positive().max(2_147_483_647),
        quantity: z.number().int().min(1, 'Return at least 1 unit').max(1000),
      }),
    )
    .min(1, 'Choose at least one item to return')
    .max(50)
    .refine((items) => new Set(items.map((item) => item.productId)).size === items.length, {
      message: 'Each item may appear only once',
    }),
  reason: z
    .string({ error: 'Tell us why you are returning the items' })
    .trim()
    .min(
      MIN_RETURN_REASON_LENGTH,
      `Tell us why you are returning the items (at least ${MIN_RETURN_REASON_LENGTH} characters)`,
    )
    .max(500, 'A reason can be at most 500 characters'),
  /** Decision 0051: why, as a kind; the window and what is refunded follow from it. */
  kind: z.enum(RETURN_KINDS, { error: 'Choose what is wrong with the order' }).default('changed_mind'),
});
export type NewReturn = z.infer<typeof NewReturn>;

export const ReturnRecord = z.object({
  id: z.number().int(),
  status: z.enum(['requested', 'approved', 'rejected']),
  reason: z.string(),
  kind: z.enum(RETURN_KINDS),
  items: z.array(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      quantity: z.number().int(),
      amount: z.number(),
    }),
  ),
  /** Rupees: what approval refunds (or refunded). */
  refundAmount: z.number(),
  /** Rupees: the part of refundAmount that gives back the delivery charges (decision 0051). */
  deliveryRefund: z.number(),
  /**
   * Decision 0043: 'provider' back to the original payment; 'transfer' (a cash on delivery order)
   * owed by bank transfer or UPI until the owner marks it paid with its reference.
   */
  refundMethod: z.enum(['provider', 'transfer']),
  refundPaidAt: z.string().nullable(),
  refundReference: z.string().nullable(),
  /** Decision 0066: the reverse pickup booked at approval, and its latest scan. */
  pickup: z.object({ awb: z.string(), courier: z.string(), status: z.string().nullable() }).nullable(),
  /** When the owner marked the items received and checked. */
  receivedAt: z.string().nullable(),
  /** When the refund was made (or, by transfer, became owed); null while it waits for receipt. */
  refundReleasedAt: z.string().nullable(),
  /** Decision 0067: whether the customer has given where a transfer refund goes. */
  payeeGiven: z.boolean(),
  decisionNote: z.string(),
  photoIds: z.array(z.number().int()),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ReturnRecord = z.infer<typeof ReturnRecord>;

export const ReturnResponse = z.object({ return: ReturnRecord });

export const ReturnIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const ReturnPhotoParams = ReturnIdParams.extend({
  photoId: z.coerce.number().int().positive().max(2_147_483_647),
});

// ---- The back office ----

export const AdminReturn = ReturnRecord.extend({
  orderId: z.string(),
  orderNumber: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  /** Decision 0067: where to send a transfer refund, as the customer gave it (null until then). */
  payee: z.string().nullable(),
});
export type AdminReturn = z.infer<typeof AdminReturn>;

export const AdminReturnQuery = z.object({
  status: z.enum(['requested', 'approved', 'rejected', 'all']).default('requested'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AdminReturnQuery = z.infer<typeof AdminReturnQuery>;

export const AdminReturnList = z.object({
  data: z.array(AdminReturn),
  /** Decision 0066: rupees; a return worth less is refunded at approval, the rest once received. */
  refundAtApprovalBelow: z.number(),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminReturnList = z.infer<typeof AdminReturnList>;

export const DecideReturn = z.object({ note: z.string().trim().max(500).default('') });
export type DecideReturn = z.infer<typeof DecideReturn>;

/** Decision 0043: the owner's record of a refund sent by bank transfer or UPI. */
export const MarkRefundPaid = z.object({
  reference: z
    .string({ error: 'Enter the transfer or UPI reference' })
    .trim()
    .min(1, 'Enter the transfer or UPI reference')
    .max(100, 'A reference can be at most 100 characters'),
});
export type MarkRefundPaid = z.infer<typeof MarkRefundPaid>;
