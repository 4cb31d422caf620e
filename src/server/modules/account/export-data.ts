import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { addressesOf } from '../addresses';
import { accountDetailsOf } from '../auth';
import { taxDocumentsOf } from '../invoices';
import { mailsTo } from '../mail';
import { consentLedgerOf, shopperMessagesOf } from '../notifications';
import { ordersWithLinesOf } from '../orders';
import { returnsOf } from '../returns';
import { reviewsWrittenBy } from '../reviews';
import { wishlistOf } from '../wishlist';

/**
 * Decision 0063 (DPDP Act s.11): everything the store holds about one account, as one object,
 * each part read by the module that owns it (decision 0094). Every query is filtered by the
 * account's id (or its own orders, number and address), so the export holds nobody else's data:
 * a gift recipient's messages are theirs and left out.
 */
export async function exportAccountData(db: Db, userId: number, now: Date) {
  const account = await accountDetailsOf(db, userId);
  if (!account) throw notFound('This account no longer exists');

  const { orders: ownOrders, items, fees } = await ordersWithLinesOf(db, userId);
  const orderIds = ownOrders.map((order) => order.id);
  const [
    taxDocuments,
    { requests: returns, lines: returnLines },
    messages,
    reviewRows,
    addressRows,
    wishlist,
    mails,
  ] = await Promise.all([
    taxDocumentsOf(db, orderIds),
    returnsOf(db, userId),
    shopperMessagesOf(db, orderIds),
    reviewsWrittenBy(db, userId),
    addressesOf(db, userId),
    wishlistOf(db, userId),
    account.email ? mailsTo(db, account.email) : [],
  ]);
  const { invoices: invoiceRows, creditNotes: noteRows } = taxDocuments;

  return {
    exportedAt: now.toISOString(),
    account,
    addresses: addressRows.map(({ userId: _user, ...address }) => address),
    orders: ownOrders.map((order) => ({
      orderNumber: order.orderNumber,
      status: order.status,
      totalPaise: order.totalPaise,
      subtotalPaise: order.subtotalPaise,
      fees: fees
        .filter((fee) => fee.orderId === order.id)
        .map((fee) => ({ kind: fee.kind, label: fee.label, amountPaise: fee.amountPaise })),
      discountPaise: order.discountPaise,
      couponCode: order.couponCode,
      paymentMethod: order.paymentMethod,
      shippingAddress: order.shippingAddress,
      giftMessage: order.giftMessage,
      giftRecipientEmail: order.giftRecipientEmail,
      deliveryDate: order.deliveryDate,
      orderUpdates: order.notify,
      createdAt: order.createdAt,
      paidAt: order.paidAt,
      items: items
        .filter((item) => item.orderId === order.id)
        .map((item) => ({
          name: item.name,
          pricePaise: item.pricePaise,
          quantity: item.quantity,
          discountPaise: item.discountPaise,
          returnedQuantity: item.returnedQuantity,
          personalisation: item.personalisation,
        })),
      invoices: invoiceRows.filter((row) => row.orderId === order.id).map(({ orderId: _o, ...row }) => row),
      creditNotes: noteRows.filter((row) => row.orderId === order.id).map(({ orderId: _o, ...row }) => row),
    })),
    returns: returns.map((request) => ({
      orderNumber: ownOrders.find((order) => order.id === request.orderId)?.orderNumber ?? null,
      status: request.status,
      kind: request.kind,
      reason: request.reason,
      refundPaise: request.refundPaise,
      createdAt: request.createdAt,
      decidedAt: request.decidedAt,
      items: returnLines
        .filter((line) => line.returnId === request.id)
        .map(({ returnId: _r, ...line }) => line),
    })),
    reviews: reviewRows,
    wishlist,
    messages: messages.map((message) => ({
      ...message,
      orderNumber: ownOrders.find((order) => order.id === message.orderId)?.orderNumber ?? null,
    })),
    mails,
    consents: await consentLedgerOf(db, userId),
  };
}
