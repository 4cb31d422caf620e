// What a shopper and the back office are shown of an order (SPEC 3): its lines, charges, timeline,
// invoice, shipment, returns, gift link and pending changes, read together from the modules that
// hold them, and the order as its mails show it. Orders take it as their `recordsOf`.
import type { OrderRecord } from '../../../shared/api/orders';
import { DeliverySlot } from '../../../shared/delivery-dates';
import { giftRecordOf } from '../../../shared/gift-options';
import { DAY_MS } from '../../../shared/india-time';
import { toRupees } from '../../../shared/money';
import { quantityDiscountLabel, savingRecordOf } from '../../../shared/order-charges';
import { isAddressEditable } from '../../../shared/order-edits';
import { RETURN_WINDOW_DAYS } from '../../../shared/order-status';
import type { Db, Tx } from '../../db/client';
import { codConfirmationsAwaited } from '../cash-on-delivery';
import { stockFlagsOf } from '../catalog';
import { openShipmentsOf } from '../courier';
import { giftLinkSlotsOf, giftLinksOf, giftThanksOf } from '../gift-links';
import { invoiceNumbersOf } from '../invoices';
import { type HeldAddressChange, heldAddressChangesOf } from '../order-edits';
import {
  addressOf,
  deliveryChoiceOf,
  deliveryEstimateOf,
  deliveryPaidPaise,
  EMPTY_ADDRESS,
  feePaiseOf,
  feeRecordsOf,
  feesByOrder,
  linesOfOrders,
  type OrderRow,
  timelinesOf,
} from '../orders';
import { quotedAmong } from '../quotes';
import { returnsByOrder } from '../returns';

/** Decision 0085: a change of address waiting for its difference, as the order record shows it. */
function pendingChangeOf(edit: HeldAddressChange | undefined): OrderRecord['pendingAddressChange'] {
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
  const [
    bought,
    events,
    invoiceNumbers,
    returns,
    quoteIds,
    feesOfOrders,
    booked,
    unconfirmed,
    linkOf,
    thanksOf,
    held,
  ] = await Promise.all([
    linesOfOrders(db, ids),
    timelinesOf(db, ids),
    invoiceNumbersOf(db, ids),
    returnsByOrder(db, ids),
    quotedAmong(db, ids),
    feesByOrder(db, ids),
    openShipmentsOf(db, ids),
    codConfirmationsAwaited(db, ids),
    giftLinksOf(db, ids),
    giftThanksOf(db, ids),
    heldAddressChangesOf(db, ids),
  ]);
  // A line whose product is gone is left out, as the join of lines and products that read them did.
  const flagsOf = await stockFlagsOf(
    db,
    bought.map((line) => line.productId),
  );
  const lines = bought.flatMap((line) => {
    const flags = flagsOf.get(line.productId);
    return flags ? [{ ...line, ...flags }] : [];
  });
  const heldEditOf = new Map(held.map((edit) => [edit.orderId, edit]));

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
      addressEditable: !link && isAddressEditable(row.status, booked.has(row.id)),
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
      awaitingCodYes: unconfirmed.has(row.id) && row.status !== 'cancelled',
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
