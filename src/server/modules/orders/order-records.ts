import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { AddressForm } from '../../../shared/address';
import { DeliveryEstimate, type OrderRecord } from '../../../shared/api/orders';
import type { DeliveryInfo } from '../../../shared/delivery';
import {
  chosenDeliveryOf,
  type DeliveryChoiceRecord,
  DeliverySlot,
  type StoredDeliveryChoice,
} from '../../../shared/delivery-dates';
import { giftRecordOf } from '../../../shared/gift-options';
import { DAY_MS } from '../../../shared/india-time';
import { toRupees } from '../../../shared/money';
import { quantityDiscountLabel, savingRecordOf } from '../../../shared/order-charges';
import { isAddressEditable } from '../../../shared/order-edits';
import { RETURN_WINDOW_DAYS } from '../../../shared/order-status';
import { type Db, rowsOf, type Tx } from '../../db/client';
import { products } from '../catalog/tables';
import { shipments } from '../courier/tables';
import { giftLinks, giftThanks } from '../gift-links/tables';
import { invoices } from '../invoices/tables';
import { addressEdits } from '../order-edits/tables';
import { orderQuotes } from '../quotes/tables';
import { giftLinkSlotsOf } from './gift-link-orders';
import { deliveryPaidPaise, feePaiseOf, feeRecordsOf, feesByOrder, type StoredFee } from './order-charges';
import { returnsByOrder } from './return-records';
import { codConfirmations, orderEvents, orderItems, type orders } from './tables';

export type OrderRow = typeof orders.$inferSelect;

const EMPTY_ADDRESS: AddressForm = { fullName: '', address: '', city: '', postalCode: '', phone: '' };

export const addressOf = (row: Pick<OrderRow, 'shippingAddress'>): AddressForm => {
  const parsed = AddressForm.safeParse(row.shippingAddress);
  return parsed.success ? parsed.data : EMPTY_ADDRESS;
};

/** SPEC's delivery slots: the chosen date, slot and timed window, with its fee among the order's. */
export const deliveryChoiceOf = (
  row: StoredDeliveryChoice,
  fees: readonly StoredFee[],
): DeliveryChoiceRecord | null => {
  const chosen = chosenDeliveryOf(row);
  return chosen && { ...chosen, fee: toRupees(feePaiseOf(fees, 'delivery_slot')) };
};

/** Decision 0085: a change of address waiting for its difference, as the order record shows it. */
function pendingChangeOf(
  edit: typeof addressEdits.$inferSelect | undefined,
): OrderRecord['pendingAddressChange'] {
  if (!edit) return null;
  return {
    address: addressOf({ shippingAddress: edit.address }),
    delivery: edit.delivery ? { date: edit.delivery.date, slot: edit.delivery.slot } : null,
    difference: toRupees(edit.differencePaise),
    providerOrderId: edit.providerOrderId,
    expiresAt: edit.expiresAt.toISOString(),
    requestedBy: edit.requestedBy,
  };
}

/** The next order number (RG-10001 on). Checkout orders and quotes share the one sequence. */
export async function nextOrderNumber(tx: Tx): Promise<string> {
  const [numbered] = rowsOf<{ n: string }>(
    await tx.execute(sql`select nextval('order_number_seq')::text as n`),
  );
  if (!numbered) throw new Error('order_number_seq gave no value');
  return `RG-${numbered.n}`;
}

/** What an order keeps of the delivery check it was placed with, to show until it ships. */
export const estimateOf = (info: DeliveryInfo): DeliveryEstimate => ({
  days: info.days,
  message: info.message,
  type: info.type,
  fastDelivery: info.fastDelivery,
  city: info.city,
  isPreOrder: info.isPreOrder,
});

export const deliveryEstimateOf = (row: Pick<OrderRow, 'deliveryEstimate'>): DeliveryEstimate | null => {
  const parsed = DeliveryEstimate.safeParse(row.deliveryEstimate);
  return parsed.success ? parsed.data : null;
};

/** Decision 0065: whether the order has a shipment booked (not cancelled): its parcel is the courier's. */
export async function hasOpenShipment(db: Db | Tx, orderId: string): Promise<boolean> {
  const [open] = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), isNull(shipments.cancelledAt)))
    .limit(1);
  return open !== undefined;
}

/** When the order was last delivered (its latest 'delivered' event), for the return window. */
export async function deliveredAtOf(db: Db | Tx, orderId: string): Promise<Date | null> {
  const [event] = await db
    .select({ createdAt: orderEvents.createdAt })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, 'delivered')))
    .orderBy(desc(orderEvents.createdAt))
    .limit(1);
  return event?.createdAt ?? null;
}

/** SPEC 2 "My Orders": 7 days after the latest delivery for a change of mind (decision 0051: the
 * store's faults have longer, from `deliveredAt` and the owner's setting). */
const returnWindowsOf = (deliveredAt: Date | null) => ({
  deliveredAt: deliveredAt?.toISOString() ?? null,
  returnableUntil: deliveredAt
    ? new Date(deliveredAt.getTime() + RETURN_WINDOW_DAYS * DAY_MS).toISOString()
    : null,
});

/** When a delivered (or partly returned) order was last delivered, for its return windows. */
function lastDeliveredAt(
  status: string,
  events: readonly { status: string; createdAt: Date }[],
): Date | null {
  if (status !== 'delivered' && status !== 'returned') return null;
  return events.filter((event) => event.status === 'delivered').at(-1)?.createdAt ?? null;
}

/** Decision 0081: the recipient's thank-you as the sender's order page shows it. */
const thanksRecordOf = (row: { note: string; at: Date; photoContentType: string | null } | undefined) =>
  row ? { note: row.note, at: row.at.toISOString(), photo: row.photoContentType !== null } : null;

/** SPEC 3 orders with their lines, timelines and invoice numbers, in the order of `rows`. */
export async function orderRecordsOf(
  db: Db | Tx,
  rows: readonly OrderRow[],
  /** Decision 0065: the back office also reads the owner's internal notes; the customer never does. */
  { staff = false }: { staff?: boolean } = {},
): Promise<OrderRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [lines, events, issued, returns, quotes, feesOfOrders, booked, unconfirmed, links, thanks, held] =
    await Promise.all([
      db
        .select({
          id: orderItems.id,
          orderId: orderItems.orderId,
          productId: orderItems.productId,
          name: orderItems.name,
          image: orderItems.image,
          pricePaise: orderItems.pricePaise,
          quantity: orderItems.quantity,
          isPreOrder: orderItems.isPreOrder,
          returnedQuantity: orderItems.returnedQuantity,
          personalisation: orderItems.personalisation,
          quantityTier: orderItems.quantityTier,
          tierDiscountPaise: orderItems.tierDiscountPaise,
          stock: products.stock,
          allowPreOrder: products.allowPreOrder,
          addOnKind: products.addOnKind,
        })
        .from(orderItems)
        .innerJoin(products, eq(products.id, orderItems.productId))
        .where(inArray(orderItems.orderId, ids))
        .orderBy(asc(orderItems.id)),
      db
        .select({
          orderId: orderEvents.orderId,
          status: orderEvents.status,
          note: orderEvents.note,
          internalNote: orderEvents.internalNote,
          createdAt: orderEvents.createdAt,
        })
        .from(orderEvents)
        .where(inArray(orderEvents.orderId, ids))
        .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
      db
        .select({ orderId: invoices.orderId, number: invoices.number })
        .from(invoices)
        .where(and(inArray(invoices.orderId, ids), isNull(invoices.supersededAt))),
      returnsByOrder(db, ids),
      db.select({ orderId: orderQuotes.orderId }).from(orderQuotes).where(inArray(orderQuotes.orderId, ids)),
      feesByOrder(db, ids),
      db
        .select({ orderId: shipments.orderId })
        .from(shipments)
        .where(and(inArray(shipments.orderId, ids), isNull(shipments.cancelledAt))),
      db
        .select({ orderId: codConfirmations.orderId })
        .from(codConfirmations)
        .where(and(inArray(codConfirmations.orderId, ids), isNull(codConfirmations.confirmedAt))),
      db.select().from(giftLinks).where(inArray(giftLinks.orderId, ids)),
      db
        .select({
          orderId: giftThanks.orderId,
          note: giftThanks.note,
          at: giftThanks.createdAt,
          photoContentType: giftThanks.photoContentType,
        })
        .from(giftThanks)
        .where(inArray(giftThanks.orderId, ids)),
      db
        .select()
        .from(addressEdits)
        .where(and(inArray(addressEdits.orderId, ids), eq(addressEdits.state, 'awaiting_payment'))),
    ]);
  const heldEditOf = new Map(held.map((edit) => [edit.orderId, edit]));
  const bookedIds = new Set(booked.map((shipment) => shipment.orderId));
  const unconfirmedIds = new Set(unconfirmed.map((confirmation) => confirmation.orderId));
  const linkOf = new Map(links.map((link) => [link.orderId, link]));
  const thanksOf = new Map(thanks.map((row) => [row.orderId, row]));
  const invoiceNumbers = new Map(issued.map((invoice) => [invoice.orderId, invoice.number]));
  const quoteIds = new Set(quotes.map((quote) => quote.orderId));

  return rows.map((row) => {
    const createdAt = row.createdAt.toISOString();
    const total = toRupees(row.totalPaise);
    const fees = feesOfOrders.get(row.id) ?? [];
    const link = linkOf.get(row.id);
    const slot = DeliverySlot.safeParse(row.deliverySlot);
    const linesOfOrder = lines.filter((line) => line.orderId === row.id);
    return {
      id: row.id,
      _id: row.id,
      orderNumber: row.orderNumber,
      status: row.status,
      createdAt,
      created_at: createdAt,
      paidAt: row.paidAt?.toISOString() ?? null,
      items: linesOfOrder.map((line) => ({
        lineId: line.id,
        // The name and image are as bought; stock flags are today's (SPEC 3 order item).
        product: {
          id: line.productId,
          name: line.name,
          image: line.image,
          inStock: line.stock > 0,
          allowPreOrder: line.allowPreOrder,
          addOnKind: line.addOnKind,
        },
        quantity: line.quantity,
        price: toRupees(line.pricePaise),
        isPreOrder: line.isPreOrder,
        returnedQuantity: line.returnedQuantity,
        personalisation: line.personalisation ?? null,
      })),
      subtotal: toRupees(row.subtotalPaise),
      quantityDiscounts: linesOfOrder.flatMap((line) =>
        line.quantityTier && line.tierDiscountPaise > 0
          ? [
              savingRecordOf({
                label: quantityDiscountLabel(line.name, line.quantityTier),
                paise: -line.tierDiscountPaise,
              }),
            ]
          : [],
      ),
      discount: toRupees(row.discountPaise),
      couponCode: row.couponCode,
      shippingCost: toRupees(deliveryPaidPaise(fees)),
      fees: feeRecordsOf(fees),
      totalAmount: total,
      total,
      currency: row.currency,
      // Decision 0081: the sender of a gift link never sees the address its recipient gave.
      shippingAddress: link && !staff ? EMPTY_ADDRESS : addressOf(row),
      // A gift link's address is its recipient's: the sender never changes it (decision 0081).
      addressEditable: !link && isAddressEditable(row.status, bookedIds.has(row.id)),
      pendingAddressChange: pendingChangeOf(heldEditOf.get(row.id)),
      events: events
        .filter((event) => event.orderId === row.id)
        .map((event) => ({
          status: event.status,
          note: event.note,
          ...(staff && event.internalNote ? { internalNote: event.internalNote } : {}),
          createdAt: event.createdAt.toISOString(),
        })),
      deliveryEstimate: deliveryEstimateOf(row),
      invoiceNumber: invoiceNumbers.get(row.id) ?? null,
      ...returnWindowsOf(
        lastDeliveredAt(
          row.status,
          events.filter((event) => event.orderId === row.id),
        ),
      ),
      returns: returns.get(row.id) ?? [],
      gift: giftRecordOf(row),
      delivery: deliveryChoiceOf(row, fees),
      isQuote: quoteIds.has(row.id),
      payableUntil:
        row.status === 'pending' && !quoteIds.has(row.id) ? (row.expiresAt?.toISOString() ?? null) : null,
      cashOnDelivery:
        row.paymentMethod === 'cod'
          ? {
              fee: toRupees(feePaiseOf(fees, 'cash_on_delivery')),
              toCollect: total,
              collected: row.paidAt !== null,
            }
          : null,
      // Unconfirmed, it cannot be booked; cancelled (no YES in time), it says cancelled, not waiting.
      awaitingCodYes: unconfirmedIds.has(row.id) && row.status !== 'cancelled',
      giftLink: link
        ? {
            recipientName: link.recipientName,
            state: link.state,
            openedAt: link.openedAt?.toISOString() ?? null,
            expiresAt: link.expiresAt.toISOString(),
            allowedSlots: giftLinkSlotsOf(link.allowedSlots),
            delivery: row.deliveryDate && slot.success ? { date: row.deliveryDate, slot: slot.data } : null,
            thanks: thanksRecordOf(thanksOf.get(row.id)),
          }
        : null,
    };
  });
}
