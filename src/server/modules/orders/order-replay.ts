import { eq } from 'drizzle-orm';
import type { AddressForm } from '../../../shared/address';
import { type CreateOrderPayload, orderLineKey } from '../../../shared/api/payments';
import type { DeliveryChoice } from '../../../shared/delivery-dates';
import { giftColumnsOf } from '../../../shared/gift-options';
import { toPaise } from '../../../shared/money';
import type { NotifyConsent } from '../../../shared/notifications';
import { type PersonalisationRecord, personalisationKey } from '../../../shared/personalisation-rules';
import type { Db } from '../../db/client';
import { addressOf, type OrderRow } from './order-rows';
import { orderItems } from './tables';

// DESIGN 4 "Orders, stock and payment": create-order is idempotent for a retried request; the
// same Idempotency-Key must ask for exactly the stored order.
const sameAddress = (a: AddressForm, b: AddressForm) =>
  a.fullName === b.fullName &&
  a.address === b.address &&
  a.city === b.city &&
  (a.state ?? '') === (b.state ?? '') &&
  a.postalCode === b.postalCode &&
  a.phone === b.phone;

type GiftColumns = Pick<OrderRow, 'giftMessage' | 'hidePrices' | 'giftRecipientEmail'>;
const sameGift = (a: GiftColumns, b: GiftColumns) =>
  a.giftMessage === b.giftMessage &&
  a.hidePrices === b.hidePrices &&
  a.giftRecipientEmail === b.giftRecipientEmail;

const sameDeliveryChoice = (
  choice: DeliveryChoice | undefined,
  row: Pick<OrderRow, 'deliveryDate' | 'deliverySlot' | 'deliverySlotId' | 'deliveryWindowStart'>,
) =>
  (choice?.date ?? null) === row.deliveryDate &&
  (choice?.slot ?? null) === row.deliverySlot &&
  // Decision 0073: another timed window is another order.
  (choice?.slot !== 'timed' ||
    ((choice.slotId ?? null) === row.deliverySlotId &&
      (choice.windowStart ?? null) === row.deliveryWindowStart));

/**
 * The shopper's choice of messages, when the request makes one, must be the order's: a "no
 * messages" sent again with the key must not come back as an order that sends them. A request
 * that makes none took the owner's defaults of that moment, which may have changed since.
 */
const sameNotifyChoice = (chosen: NotifyConsent | undefined, isGift: boolean, kept: NotifyConsent | null) =>
  chosen === undefined ||
  (kept !== null &&
    chosen.whatsapp === kept.whatsapp &&
    chosen.sms === kept.sms &&
    chosen.email === kept.email &&
    (isGift && chosen.giftRecipient) === kept.giftRecipient &&
    ((isGift && chosen.giftRecipient && chosen.giftRecipientPhone) || null) ===
      (kept.giftRecipientPhone ?? null) &&
    (chosen.phone === undefined || chosen.phone === kept.phone));

/** The values a stored line was made from, to compare a retried request's lines with. */
const valuesOfRecord = (record: PersonalisationRecord) => ({
  text: Object.fromEntries(record.fields.map((field) => [field.label, field.value])),
  photo: record.photo,
});

/** Whether a retried create-order (same idempotency key) asks for exactly the stored order. */
export async function isSameRequest(
  db: Db,
  existing: OrderRow,
  payload: CreateOrderPayload,
): Promise<boolean> {
  const lines = await db
    .select({
      productId: orderItems.productId,
      quantity: orderItems.quantity,
      personalisation: orderItems.personalisation,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, existing.id));
  const sent = new Map(payload.items.map((item) => [orderLineKey(item), item.quantity]));
  const storedKey = (line: (typeof lines)[number]) =>
    `${line.productId}|${personalisationKey(line.personalisation ? valuesOfRecord(line.personalisation) : null)}`;
  const sameBody =
    lines.length === sent.size &&
    lines.every((line) => sent.get(storedKey(line)) === line.quantity) &&
    toPaise(payload.totalAmount) === existing.totalPaise &&
    (payload.paymentMethod ?? 'online') === existing.paymentMethod &&
    (payload.couponCode ?? null) === existing.couponCode &&
    sameGift(giftColumnsOf(payload.giftOptions), existing) &&
    sameDeliveryChoice(payload.delivery, existing) &&
    sameNotifyChoice(payload.notify, payload.giftOptions !== undefined, existing.notify) &&
    sameAddress(payload.shippingAddress, addressOf(existing));
  return sameBody;
}
