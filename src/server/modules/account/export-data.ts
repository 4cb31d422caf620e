import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { addresses } from '../addresses/tables';
import { users } from '../auth/tables';
import { products } from '../catalog/tables';
import { creditNotes, invoices } from '../invoices/tables';
import { mailOutbox } from '../mail/tables';
import { consents, notificationOutbox } from '../notifications/tables';
import { orderCharges, orderItems, orders } from '../orders/tables';
import { returnItems, returnRequests } from '../returns/tables';
import { reviews } from '../reviews/tables';
import { wishlistItems } from '../wishlist/tables';

/**
 * Decision 0063: the account's consent ledger (decision 0062): every consent given or withdrawn,
 * its purpose, channel, how and under which notice, oldest first.
 */
async function readConsents(db: Db, userId: number) {
  return db
    .select({
      purpose: consents.purpose,
      channel: consents.channel,
      given: consents.given,
      via: consents.via,
      noticeVersion: consents.noticeVersion,
      createdAt: consents.createdAt,
    })
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(asc(consents.id));
}

/**
 * Decision 0063 (DPDP Act s.11): everything the store holds about one account, as one object.
 * Every query is filtered by the account's id (or its own orders, number and address), so the
 * export holds nobody else's data: a gift recipient's messages are theirs and left out.
 */
export async function exportAccountData(db: Db, userId: number, now: Date) {
  const [account] = await db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      username: users.username,
      phone: users.phone,
      phoneVerifiedAt: users.phoneVerifiedAt,
      gstin: users.gstin,
      legalName: users.legalName,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) throw notFound('This account no longer exists');

  const ownOrders = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.createdAt));
  const orderIds = ownOrders.map((order) => order.id);
  const anyOrders = orderIds.length > 0;
  const [items, fees, invoiceRows, noteRows, returns, messages] = await Promise.all([
    anyOrders ? db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)) : [],
    anyOrders
      ? db
          .select()
          .from(orderCharges)
          .where(inArray(orderCharges.orderId, orderIds))
          .orderBy(asc(orderCharges.id))
      : [],
    anyOrders
      ? db
          .select({ orderId: invoices.orderId, number: invoices.number, issuedAt: invoices.issuedAt })
          .from(invoices)
          .where(inArray(invoices.orderId, orderIds))
      : [],
    anyOrders
      ? db
          .select({
            orderId: creditNotes.orderId,
            number: creditNotes.number,
            issuedAt: creditNotes.issuedAt,
          })
          .from(creditNotes)
          .where(inArray(creditNotes.orderId, orderIds))
      : [],
    db.select().from(returnRequests).where(eq(returnRequests.userId, userId)),
    anyOrders
      ? db
          .select({
            orderId: notificationOutbox.orderId,
            notice: notificationOutbox.notice,
            channel: notificationOutbox.channel,
            recipient: notificationOutbox.recipient,
            text: notificationOutbox.text,
            status: notificationOutbox.status,
            sentAt: notificationOutbox.sentAt,
            createdAt: notificationOutbox.createdAt,
          })
          .from(notificationOutbox)
          .where(
            and(inArray(notificationOutbox.orderId, orderIds), eq(notificationOutbox.audience, 'shopper')),
          )
      : [],
  ]);
  const returnIds = returns.map((request) => request.id);
  const [returnLines, reviewRows, addressRows, wishlist, mails] = await Promise.all([
    returnIds.length > 0
      ? db
          .select({
            returnId: returnItems.returnId,
            orderItemId: returnItems.orderItemId,
            quantity: returnItems.quantity,
          })
          .from(returnItems)
          .where(inArray(returnItems.returnId, returnIds))
      : [],
    db
      .select({
        product: products.name,
        rating: reviews.rating,
        text: reviews.text,
        hidden: reviews.hidden,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(eq(reviews.userId, userId)),
    db.select().from(addresses).where(eq(addresses.userId, userId)),
    db
      .select({ product: products.name, addedAt: wishlistItems.createdAt })
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId))
      .where(eq(wishlistItems.userId, userId)),
    account.email
      ? db
          .select({
            subject: mailOutbox.subject,
            kind: mailOutbox.kind,
            text: mailOutbox.text,
            status: mailOutbox.status,
            createdAt: mailOutbox.createdAt,
          })
          .from(mailOutbox)
          .where(eq(mailOutbox.recipient, account.email))
      : [],
  ]);

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
    consents: await readConsents(db, userId),
  };
}
