import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CreateOrderResponse } from '../../../shared/api/payments';
import { noLongerAvailableMessage } from '../../../shared/api/payments';
import {
  type NewQuote,
  QUOTE_MESSAGES,
  type Quote,
  type QuoteLine,
  type QuotePreview,
  type QuoteState,
  quoteQuantityMessage,
  quoteStockMessage,
} from '../../../shared/api/quotes';
import { deliveryRefusal } from '../../../shared/delivery-rules';
import { DAY_MS } from '../../../shared/india-time';
import { linesTotalPaise, toRupees } from '../../../shared/money';
import { tierFor, unitPricePaise } from '../../../shared/quantity-pricing';
import { quoteShippingPaise, type ReadDeliveryCharges } from '../../../shared/shipping';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import {
  bulkEnquiries,
  orderItems,
  orderQuotes,
  orders,
  products,
  type QuoteTierLine,
  users,
} from '../../db/schema';
import { userEmail } from '../../db/sql-helpers';
import { conflict, invalid, notFound } from '../../errors';
import type { StoreIdentity } from '../../store-identity';
import { enqueueMail, quoteMail } from '../mail';
import { consentFor, type NotifyDefaults, queueOrderNotice } from '../notifications';
import {
  addressOf,
  type DeliveryLookup,
  deliveryEstimateOf,
  estimateOf,
  insertPendingOrder,
  isOrderId,
  type OrderRow,
  type OrderService,
} from '../orders';

const QUOTE_SENT_NOTE = 'Quote sent. Waiting for payment.';

type PricedLine = {
  productId: number;
  name: string;
  image: string;
  quantity: number;
  listPricePaise: number;
  percentOff: number;
  unitPricePaise: number;
  isPreOrder: boolean;
};

const lineOf = (line: PricedLine): QuoteLine => ({
  productId: line.productId,
  name: line.name,
  image: line.image,
  quantity: line.quantity,
  listPrice: toRupees(line.listPricePaise),
  percentOff: line.percentOff,
  unitPrice: toRupees(line.unitPricePaise),
  lineTotal: toRupees(line.unitPricePaise * line.quantity),
  isPreOrder: line.isPreOrder,
});

const quotePath = (orderId: string) => `/quote/${orderId}`;

/**
 * What a quote's link can do now. A quote is an order, so its state follows the order: paid once a
 * payment is captured, expired once its expiry passes unpaid (the sweep then cancels it and puts
 * the stock back), cancelled when the owner withdrew it first.
 */
function stateOf(order: Pick<OrderRow, 'status' | 'paidAt' | 'expiresAt'>, now: Date): QuoteState {
  if (order.paidAt) return 'paid';
  const pastExpiry = order.expiresAt !== null && order.expiresAt <= now;
  if (order.status === 'pending') return pastExpiry ? 'expired' : 'open';
  return pastExpiry ? 'expired' : 'cancelled';
}

export type QuoteService = ReturnType<typeof createQuoteService>;

/**
 * Issue 13 item 4: bulk quotes as payable links. A quote is made as a pending order for the
 * customer, priced by the server from its rows and the products' tiers, with stock reserved as
 * any pending order holds it, until the quote's own expiry. The customer pays it through the same
 * provider order, verify-payment and webhook path as a cart order; once paid it is an ordinary order.
 */
export function createQuoteService({
  db,
  clock,
  orderService,
  providerName,
  deliveryCharges,
  lookupDelivery,
  store,
  notifyDefaults,
  onStockChanged,
}: {
  db: Db;
  clock: Clock;
  orderService: OrderService;
  providerName: string;
  /** Issue 26: the owner's charges in force, read for every quote. */
  deliveryCharges: ReadDeliveryCharges;
  lookupDelivery: DeliveryLookup;
  store: StoreIdentity;
  /** Issue 23: the order-news channels a quote's order gets (no checkout asked the enquirer). */
  notifyDefaults: NotifyDefaults;
  onStockChanged: () => void;
}) {
  async function customerOf(email: string) {
    const [customer] = await db
      .select({ id: users.id, email: userEmail, fullName: users.fullName })
      .from(users)
      .where(eq(users.email, email));
    if (!customer) {
      throw invalid(QUOTE_MESSAGES.noCustomer, [
        { path: 'customerEmail', message: QUOTE_MESSAGES.noCustomer },
      ]);
    }
    return customer;
  }

  /** Each line priced from the database and the product's tiers; a client's price never counts. */
  async function priceLines(input: NewQuote): Promise<PricedLine[]> {
    const rows = await db
      .select({
        id: products.id,
        name: products.name,
        image: products.image,
        pricePaise: products.pricePaise,
        quantityTiers: products.quantityTiers,
        stock: products.stock,
        allowPreOrder: products.allowPreOrder,
        minQuantity: products.minQuantity,
        archived: products.archived,
      })
      .from(products)
      .where(
        inArray(
          products.id,
          input.lines.map((line) => line.productId),
        ),
      );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return input.lines.map((line, index) => {
      const product = byId.get(line.productId);
      if (!product) {
        const message = `Product ${line.productId} does not exist`;
        throw invalid(message, [{ path: `lines.${index}.productId`, message }]);
      }
      if (product.archived) throw invalid(noLongerAvailableMessage(product.name));
      if (line.quantity < product.minQuantity) {
        throw invalid(quoteQuantityMessage(product.name, product.minQuantity));
      }
      // A bulk line larger than the shelf is made to order when the product takes pre-orders.
      const isPreOrder = product.stock < line.quantity;
      if (isPreOrder && !product.allowPreOrder)
        throw conflict(quoteStockMessage(product.name, product.stock));
      return {
        productId: product.id,
        name: product.name,
        image: product.image,
        quantity: line.quantity,
        listPricePaise: product.pricePaise,
        percentOff: tierFor(product.quantityTiers, line.quantity)?.percentOff ?? 0,
        unitPricePaise: unitPricePaise(product.pricePaise, product.quantityTiers, line.quantity),
        isPreOrder,
      };
    });
  }

  async function totalsOf(lines: readonly PricedLine[]) {
    const { shippingRules } = await deliveryCharges();
    const subtotalPaise = linesTotalPaise(
      lines.map((line) => ({ unitPaise: line.unitPricePaise, quantity: line.quantity })),
    );
    // The same shipping rule as every order, on the tiered subtotal.
    const shippingPaise = quoteShippingPaise(subtotalPaise, shippingRules).shippingFeePaise;
    return { subtotalPaise, shippingPaise, totalPaise: subtotalPaise + shippingPaise };
  }

  async function deliveryFor(input: NewQuote, lines: readonly PricedLine[]) {
    const check = await lookupDelivery(input.shippingAddress.postalCode, {
      isPreOrder: lines.some((line) => line.isPreOrder),
    });
    const message = deliveryRefusal(check.info);
    if (message) throw invalid(message, [{ path: 'shippingAddress.postalCode', message }]);
    return check.info;
  }

  async function quoteOf(executor: Db | Tx, order: OrderRow, customerEmail: string): Promise<Quote> {
    const [marker] = await executor.select().from(orderQuotes).where(eq(orderQuotes.orderId, order.id));
    if (!marker) throw notFound(QUOTE_MESSAGES.quoteNotFound);
    const items = await executor
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));
    const tiers = new Map(marker.tierLines.map((line) => [line.productId, line]));
    const lines = items.map((item) =>
      lineOf({
        productId: item.productId,
        name: item.name,
        image: item.image,
        quantity: item.quantity,
        listPricePaise: tiers.get(item.productId)?.listPricePaise ?? item.pricePaise,
        percentOff: tiers.get(item.productId)?.percentOff ?? 0,
        unitPricePaise: item.pricePaise,
        isPreOrder: item.isPreOrder,
      }),
    );
    return {
      orderId: order.id,
      orderNumber: order.orderNumber,
      state: stateOf(order, clock.now()),
      orderStatus: order.status,
      customerEmail,
      lines,
      subtotal: toRupees(order.subtotalPaise),
      shippingCost: toRupees(order.shippingPaise),
      total: toRupees(order.totalPaise),
      shippingAddress: addressOf(order),
      deliveryEstimate: deliveryEstimateOf(order),
      expiresAt: order.expiresAt?.toISOString() ?? null,
      path: quotePath(order.id),
    };
  }

  /** The customer's own quote; anyone else's is 'not found' (DESIGN 5). */
  async function ownQuoteOrder(userId: number, orderId: string): Promise<OrderRow> {
    const [row] = isOrderId(orderId)
      ? await db
          .select({ order: orders })
          .from(orders)
          .innerJoin(orderQuotes, eq(orderQuotes.orderId, orders.id))
          .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      : [];
    if (!row) throw notFound(QUOTE_MESSAGES.quoteNotFound);
    return row.order;
  }

  return {
    /** The prices a quote would have, for the owner to check before sending. Nothing is stored. */
    async preview(input: NewQuote): Promise<QuotePreview> {
      await customerOf(input.customerEmail);
      const lines = await priceLines(input);
      await deliveryFor(input, lines);
      const totals = await totalsOf(lines);
      return {
        lines: lines.map(lineOf),
        subtotal: toRupees(totals.subtotalPaise),
        shippingCost: toRupees(totals.shippingPaise),
        total: toRupees(totals.totalPaise),
      };
    },

    /**
     * Makes the quote's pending order, reserves its in-stock lines, marks the enquiry quoted and
     * queues the customer's e-mail with the link, all in one transaction.
     */
    async create(adminId: number, input: NewQuote): Promise<Quote> {
      const customer = await customerOf(input.customerEmail);
      if (input.bulkEnquiryId) {
        const [enquiry] = await db
          .select({ id: bulkEnquiries.id })
          .from(bulkEnquiries)
          .where(eq(bulkEnquiries.id, input.bulkEnquiryId));
        if (!enquiry) {
          throw invalid(QUOTE_MESSAGES.enquiryNotFound, [
            { path: 'bulkEnquiryId', message: QUOTE_MESSAGES.enquiryNotFound },
          ]);
        }
      }
      const lines = await priceLines(input);
      const delivery = await deliveryFor(input, lines);
      const { subtotalPaise, shippingPaise, totalPaise } = await totalsOf(lines);
      const now = clock.now();
      const address = input.shippingAddress;

      const quote = await db.transaction(async (tx) => {
        const created = await insertPendingOrder(tx, {
          order: {
            userId: customer.id,
            subtotalPaise,
            shippingPaise,
            totalPaise,
            shippingAddress: address,
            deliveryEstimate: estimateOf(delivery),
            // Issue 23: no checkout asked the enquirer, so the store's defaults, to the quote's phone.
            notify: consentFor(undefined, notifyDefaults, { phone: address.phone, isGift: false }),
            provider: providerName,
            // The quote's validity: the sweep that expires unpaid orders releases its stock then.
            expiresAt: new Date(now.getTime() + input.validDays * DAY_MS),
          },
          lines: lines.map((line) => ({
            productId: line.productId,
            name: line.name,
            image: line.image,
            pricePaise: line.unitPricePaise,
            quantity: line.quantity,
            isPreOrder: line.isPreOrder,
          })),
          note: QUOTE_SENT_NOTE,
          actor: 'admin',
          now,
        });
        const tierLines: QuoteTierLine[] = lines.map((line) => ({
          productId: line.productId,
          listPricePaise: line.listPricePaise,
          percentOff: line.percentOff,
        }));
        await tx.insert(orderQuotes).values({
          orderId: created.id,
          bulkEnquiryId: input.bulkEnquiryId ?? null,
          createdBy: adminId,
          tierLines,
          createdAt: now,
        });
        if (input.bulkEnquiryId) {
          await tx
            .update(bulkEnquiries)
            .set({ status: 'quoted', updatedAt: now })
            .where(eq(bulkEnquiries.id, input.bulkEnquiryId));
        }
        const made = await quoteOf(tx, created, customer.email);
        await enqueueMail(tx, quoteMail(made, customer.fullName, store), now);
        await queueOrderNotice(tx, {
          orderId: created.id,
          notice: 'quote_sent',
          key: `quote-${created.id}`,
          at: now,
        });
        return made;
      });
      onStockChanged();
      return quote;
    },

    async get(userId: number, orderId: string): Promise<Quote> {
      const order = await ownQuoteOrder(userId, orderId);
      const [customer] = await db.select({ email: userEmail }).from(users).where(eq(users.id, userId));
      return quoteOf(db, order, customer?.email ?? '');
    },

    /** The provider's order for an open quote, as create-order answers a cart; else says why not. */
    async startPayment(userId: number, orderId: string): Promise<CreateOrderResponse> {
      const order = await ownQuoteOrder(userId, orderId);
      const state = stateOf(order, clock.now());
      if (state === 'paid') throw conflict(QUOTE_MESSAGES.alreadyPaid);
      if (state === 'expired') throw conflict(QUOTE_MESSAGES.expired);
      if (state === 'cancelled') throw conflict(QUOTE_MESSAGES.cancelled);
      return orderService.startPayment(order);
    },
  };
}
