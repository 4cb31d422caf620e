import { z } from 'zod';
import { BULK_STATUSES, MAX_BULK_ORDERS, MAX_PDF_ORDERS } from '../bulk-orders';
import { AdminOrderQuery } from './admin';
import { trimmed } from './admin-fields';

// Bulk work: many orders in one action, chosen by checkbox or by the list's filter.

/** The order list's filter without its page: "all N orders matching this filter". */
export const AdminOrderFilter = AdminOrderQuery.omit({ page: true });
export type AdminOrderFilter = z.infer<typeof AdminOrderFilter>;

const orderIds = (max: number, what: string) =>
  z
    .array(z.string().min(1).max(100))
    .min(1, 'Choose at least one order')
    .max(max, `At most ${max} orders ${what} at once`)
    .refine((ids) => new Set(ids).size === ids.length, 'An order is chosen twice');

/** Either the ticked orders or every order the filter matches (the server counts them again). */
export const selection = (max: number, what: string) => ({
  orderIds: orderIds(max, what).optional(),
  filter: AdminOrderFilter.optional(),
});
export const ONE_SELECTION = {
  check: (body: { orderIds?: string[] | undefined; filter?: AdminOrderFilter | undefined }) =>
    (body.orderIds === undefined) !== (body.filter === undefined),
  message: { message: 'Send either orderIds or filter', path: ['orderIds'] },
};

export const BulkStatusChange = z
  .object({
    ...selection(MAX_BULK_ORDERS, 'can change status'),
    status: z.enum(BULK_STATUSES, { error: 'Choose a status the orders move forward to' }),
    note: trimmed(500).default(''),
    /** Decision 0065: the note is internal unless the owner ticks "Send this note to the customers". */
    noteToCustomer: z.boolean({ error: 'Send to the customers must be true or false' }).default(false),
  })
  .refine(ONE_SELECTION.check, ONE_SELECTION.message);
export type BulkStatusChange = z.infer<typeof BulkStatusChange>;

export const BulkOrderResult = z.object({
  orderId: z.string(),
  /** '' when no such order exists. */
  orderNumber: z.string(),
  /** The status before the change ('' for an unknown order). */
  from: z.string(),
  moved: z.boolean(),
  /** Why the order did not move; '' when it did. */
  message: z.string(),
});
export type BulkOrderResult = z.infer<typeof BulkOrderResult>;

export const BulkStatusResponse = z.object({
  status: z.string(),
  moved: z.number().int(),
  refused: z.number().int(),
  results: z.array(BulkOrderResult),
});
export type BulkStatusResponse = z.infer<typeof BulkStatusResponse>;

/** The ticked orders or the list's filter, at most `max` of them: what a bulk action works on. */
export const orderSelection = (max: number, what: string) =>
  z.object(selection(max, what)).refine(ONE_SELECTION.check, ONE_SELECTION.message);

export const BulkDocuments = orderSelection(MAX_PDF_ORDERS, 'can be printed');
export type BulkDocuments = z.infer<typeof BulkDocuments>;
/** What a bulk action works on: the ticked orders, or every order the filter matches. */
export type OrderSelection = Pick<BulkDocuments, 'orderIds' | 'filter'>;
