import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AddressForm } from '../../../shared/address';
import type { CreateOrderResponse } from '../../../shared/api/payments';
import { noLongerAvailableMessage } from '../../../shared/api/payments';
import {
  type NewQuote,
  negotiatedPriceProblem,
  QUOTE_MESSAGES,
  type Quote,
  type QuoteLine,
  type QuotePreview,
  type QuoteState,
  quoteQuantityMessage,
  quoteStockMessage,
} from '../../../shared/api/quotes';
import { COD_MESSAGES, type PaymentMethod } from '../../../shared/cash-on-delivery';
import { deliveryRefusal } from '../../../shared/delivery-rules';
import { DAY_MS } from '../../../shared/india-time';
import { linesTotalPaise, toPaise, toRupees } from '../../../shared/money';
import { chargeSummary, feesOf, orderCharges } from '../../../shared/order-charges';
import { tierFor, unitPricePaise } from '../../../shared/quantity-pricing';
import { quoteShippingPaise, type ReadDeliveryCharges } from '../../../shared/shipping';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { conflict, forbidden, invalid, notFound } from '../../errors';
import { absoluteUrl, type StoreIdentity } from '../../store-identity';
import { type AuthUser, accountWithEmail, contactOf } from '../auth';
import { enquiryOf, markEnquiryQuoted } from '../bulk-enquiries';
import { productsToPrice } from '../catalog';
import { enqueueMail, quoteMail } from '../mail';
import { consentFor, queueOrderNotice, type ReadNotifyDefaults } from '../notifications';
import {
  addressOf,
  claimUnownedOrder,
  type DeliveryLookup,
  deliveryEstimateOf,
  deliveryPaidPaise,
  estimateOf,
  feesOfOrder,
  insertPendingOrder,
  isOrderId,
  type OrderRow,
  type OrderService,
  orderLinesOf,
  orderOf,
} from '../orders';
import { orderQuotes, type QuoteTierLine } from './tables';

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
  negotiated: boolean;
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
  negotiated: line.negotiated,
});

const quotePath = (orderId: string) => `/quote/${orderId}`;

// The link's secret: only its SHA-256 is kept, so a leaked table opens no quote (as sessions).
const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

/** Who may pay a quote: whom it was sent to. */
type QuoteRecipient = { customerEmail: string | null; customerPhone: string | null };
/**
 * The signed-in person asking, as the session gives them: their e-mail ('' for an account made by
 * phone) and their phone, which an account holds only once a one-time code sent to it came back.
 */
export type QuotePayer = Pick<AuthUser, 'id' | 'email' | 'phone'>;

/**
 * The one check of who may take over and pay a quote sent before they had an account: signed in
 * with the e-mail the quote went to, or with the (verified) phone it went to.
 */
export function mayPayQuote(payer: QuotePayer, quote: QuoteRecipient): boolean {
  const byEmail =
    payer.email !== '' &&
    quote.customerEmail !== null &&
    payer.email.toLowerCase() === quote.customerEmail.toLowerCase();
  const byPhone = payer.phone !== null && payer.phone === quote.customerPhone;
  return byEmail || byPhone;
}

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
 * Decision 0017: bulk quotes as payable links. A quote is made as a pending order for the
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
  maxDiscountPercent,
}: {
  db: Db;
  clock: Clock;
  orderService: OrderService;
  providerName: string;
  /** The owner's charges in force, read for every quote. */
  deliveryCharges: ReadDeliveryCharges;
  lookupDelivery: DeliveryLookup;
  store: StoreIdentity;
  /** The order-news channels a quote's order gets (no checkout asked the enquirer). */
  notifyDefaults: ReadNotifyDefaults;
  onStockChanged: () => void;
  /** QUOTE_MAX_DISCOUNT_PERCENT: how far below list price the owner lets a negotiated price go. */
  maxDiscountPercent: number;
}) {
  /**
   * Whom the quote is for and where it goes: what the owner typed, else what the enquiry said.
   * No account is needed; one that uses the e-mail owns the quote at once.
   */
  async function recipientOf(input: NewQuote) {
    const enquiry = input.bulkEnquiryId ? await enquiryOf(db, input.bulkEnquiryId) : null;
    if (input.bulkEnquiryId && !enquiry) {
      throw invalid(QUOTE_MESSAGES.enquiryNotFound, [
        { path: 'bulkEnquiryId', message: QUOTE_MESSAGES.enquiryNotFound },
      ]);
    }
    const email = input.customerEmail ?? enquiry?.email ?? null;
    const phone = input.customerPhone ?? enquiry?.phone ?? null;
    if (!email && !phone) {
      throw invalid(QUOTE_MESSAGES.noContact, [{ path: 'customerEmail', message: QUOTE_MESSAGES.noContact }]);
    }
    const address: AddressForm | null | undefined = input.shippingAddress ?? enquiry?.deliveryAddress;
    if (!address) {
      throw invalid(QUOTE_MESSAGES.noAddress, [
        { path: 'shippingAddress', message: QUOTE_MESSAGES.noAddress },
      ]);
    }
    const account = email ? await accountWithEmail(db, email) : null;
    return {
      enquiryId: enquiry?.id ?? null,
      email,
      phone,
      account: account ?? null,
      name: input.customerName || enquiry?.name || account?.fullName || address.fullName,
      address,
      // An empty GSTIN typed by the owner means none, even when the enquiry gave one.
      gstin: (input.buyerGstin === undefined ? enquiry?.gstin : input.buyerGstin) || null,
      legalName: (input.buyerLegalName === undefined ? enquiry?.legalName : input.buyerLegalName) || null,
    };
  }

  /** Each line priced from the database and the product's tiers; a client's price never counts. */
  async function priceLines(input: NewQuote): Promise<PricedLine[]> {
    const rows = await productsToPrice(
      db,
      input.lines.map((line) => line.productId),
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
      if (line.unitPrice != null) {
        // A negotiated price replaces the tier, within the owner's maximum discount.
        const agreedPaise = toPaise(line.unitPrice);
        const problem = negotiatedPriceProblem(
          product.name,
          product.pricePaise,
          agreedPaise,
          maxDiscountPercent,
        );
        if (problem) throw invalid(problem, [{ path: `lines.${index}.unitPrice`, message: problem }]);
        return {
          productId: product.id,
          name: product.name,
          image: product.image,
          quantity: line.quantity,
          listPricePaise: product.pricePaise,
          percentOff: 0,
          unitPricePaise: agreedPaise,
          isPreOrder,
          negotiated: true,
        };
      }
      return {
        productId: product.id,
        name: product.name,
        image: product.image,
        quantity: line.quantity,
        listPricePaise: product.pricePaise,
        percentOff: tierFor(product.quantityTiers, line.quantity)?.percentOff ?? 0,
        unitPricePaise: unitPricePaise(product.pricePaise, product.quantityTiers, line.quantity),
        isPreOrder,
        negotiated: false,
      };
    });
  }

  /** The quote's charges by the one model of an order's money (decision 0072): its lines and shipping. */
  async function chargesOf(lines: readonly PricedLine[]) {
    const { shippingRules } = await deliveryCharges();
    const subtotalPaise = linesTotalPaise(
      lines.map((line) => ({ unitPaise: line.unitPricePaise, quantity: line.quantity })),
    );
    // The same shipping rule as every order, on the tiered subtotal.
    const charges = orderCharges({
      lines: lines.map((line) => ({
        label: line.name,
        unitPaise: line.unitPricePaise,
        quantity: line.quantity,
      })),
      shippingPaise: quoteShippingPaise(subtotalPaise, shippingRules).shippingFeePaise,
    });
    return { charges, ...chargeSummary(charges) };
  }

  async function deliveryFor(address: AddressForm, lines: readonly PricedLine[]) {
    const check = await lookupDelivery(address.postalCode, {
      isPreOrder: lines.some((line) => line.isPreOrder),
    });
    const message = deliveryRefusal(check.info);
    if (message) throw invalid(message, [{ path: 'shippingAddress.postalCode', message }]);
    return check.info;
  }

  async function quoteOf(executor: Db | Tx, order: OrderRow): Promise<Quote> {
    const [marker] = await executor.select().from(orderQuotes).where(eq(orderQuotes.orderId, order.id));
    if (!marker) throw notFound(QUOTE_MESSAGES.quoteNotFound);
    // Older quotes kept no e-mail of their own: their customer's account has it.
    const account =
      marker.customerEmail === null && order.userId !== null ? await contactOf(executor, order.userId) : null;
    const items = await orderLinesOf(executor, order.id);
    const tiers = new Map(marker.tierLines.map((line) => [line.productId, line]));
    const lines = items.map((item) => {
      const tier = tiers.get(item.productId);
      return lineOf({
        productId: item.productId,
        name: item.name,
        image: item.image,
        quantity: item.quantity,
        listPricePaise: tier?.listPricePaise ?? item.pricePaise,
        percentOff: tier?.percentOff ?? 0,
        unitPricePaise: item.pricePaise,
        isPreOrder: item.isPreOrder,
        negotiated: tier?.negotiatedPaise != null,
      });
    });
    return {
      orderId: order.id,
      orderNumber: order.orderNumber,
      state: stateOf(order, clock.now()),
      orderStatus: order.status,
      customerEmail: marker.customerEmail ?? account?.email ?? null,
      customerPhone: marker.customerPhone,
      buyerGstin: marker.buyerGstin,
      buyerLegalName: marker.buyerLegalName,
      maxDiscountPercent,
      lines,
      subtotal: toRupees(order.subtotalPaise),
      shippingCost: toRupees(deliveryPaidPaise(await feesOfOrder(executor, order.id))),
      total: toRupees(order.totalPaise),
      shippingAddress: addressOf(order),
      deliveryEstimate: deliveryEstimateOf(order),
      expiresAt: order.expiresAt?.toISOString() ?? null,
      path: quotePath(order.id),
    };
  }

  async function quoteRow(orderId: string) {
    const [marker] = isOrderId(orderId)
      ? await db.select().from(orderQuotes).where(eq(orderQuotes.orderId, orderId))
      : [];
    const order = marker ? await orderOf(db, orderId) : null;
    if (!marker || !order) throw notFound(QUOTE_MESSAGES.quoteNotFound);
    return { order, marker };
  }

  /**
   * Who may see a quote: its customer; whoever holds its link's key (the enquirer, before any
   * account); someone signed in whom mayPayQuote names. Anyone else gets 'not found' (DESIGN 5).
   */
  async function visibleQuote(viewer: QuotePayer | null, orderId: string, key: string | undefined) {
    const row = await quoteRow(orderId);
    const owner = viewer !== null && row.order.userId === viewer.id;
    const keyHolder = key !== undefined && row.marker.accessKeyHash === hashOf(key);
    const recipient = viewer !== null && row.order.userId === null && mayPayQuote(viewer, row.marker);
    if (!owner && !keyHolder && !recipient) throw notFound(QUOTE_MESSAGES.quoteNotFound);
    return row;
  }

  return {
    /** The prices a quote would have, for the owner to check before sending. Nothing is stored. */
    async preview(input: NewQuote): Promise<QuotePreview> {
      const recipient = await recipientOf(input);
      const lines = await priceLines(input);
      await deliveryFor(recipient.address, lines);
      const totals = await chargesOf(lines);
      return {
        lines: lines.map(lineOf),
        subtotal: toRupees(totals.subtotalPaise),
        shippingCost: toRupees(totals.deliveryPaise),
        total: toRupees(totals.totalPaise),
        maxDiscountPercent,
      };
    },

    /**
     * Makes the quote's pending order, reserves its in-stock lines, marks the enquiry quoted and
     * queues the customer's e-mail with the link (when there is an e-mail), all in one transaction.
     * The answer carries the link for the owner to send by phone or chat too.
     */
    async create(adminId: number, input: NewQuote): Promise<{ quote: Quote; link: string }> {
      const recipient = await recipientOf(input);
      const lines = await priceLines(input);
      const delivery = await deliveryFor(recipient.address, lines);
      const { charges, subtotalPaise, totalPaise } = await chargesOf(lines);
      const now = clock.now();
      const accessKey = randomBytes(24).toString('base64url');
      const defaults = await notifyDefaults();

      const made = await db.transaction(async (tx) => {
        const created = await insertPendingOrder(tx, {
          order: {
            // Null until someone mayPayQuote names signs in and pays (startPayment claims it).
            userId: recipient.account?.id ?? null,
            subtotalPaise,
            totalPaise,
            shippingAddress: recipient.address,
            deliveryEstimate: estimateOf(delivery),
            // No checkout asked the enquirer, so the store's defaults, to the quote's phone.
            notify: consentFor(undefined, defaults, { phone: recipient.address.phone, isGift: false }),
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
          fees: feesOf(charges),
          note: QUOTE_SENT_NOTE,
          actor: 'admin',
          now,
        });
        const tierLines: QuoteTierLine[] = lines.map((line) => ({
          productId: line.productId,
          listPricePaise: line.listPricePaise,
          percentOff: line.percentOff,
          negotiatedPaise: line.negotiated ? line.unitPricePaise : null,
        }));
        await tx.insert(orderQuotes).values({
          orderId: created.id,
          bulkEnquiryId: recipient.enquiryId,
          createdBy: adminId,
          tierLines,
          customerEmail: recipient.email,
          customerPhone: recipient.phone,
          customerName: recipient.name,
          accessKeyHash: hashOf(accessKey),
          buyerGstin: recipient.gstin,
          buyerLegalName: recipient.legalName,
          createdAt: now,
        });
        if (recipient.enquiryId) {
          await markEnquiryQuoted(tx, recipient.enquiryId, now);
        }
        const quote = await quoteOf(tx, created);
        if (quote.customerEmail) {
          await enqueueMail(tx, quoteMail(quote, recipient.name, store, accessKey), now);
        }
        await queueOrderNotice(tx, {
          orderId: created.id,
          notice: 'quote_sent',
          key: `quote-${created.id}`,
          // The link's key, as the quote mail carries it: the enquirer may have no account to sign in with.
          details: { accessKey },
          at: now,
        });
        return quote;
      });
      onStockChanged();
      return { quote: made, link: absoluteUrl(store, quoteLinkPath(made.path, accessKey)) };
    },

    /** The quote behind a link: for its customer, the link's holder, or whom it was sent to. */
    async get(viewer: QuotePayer | null, orderId: string, key: string | undefined): Promise<Quote> {
      const { order } = await visibleQuote(viewer, orderId, key);
      return quoteOf(db, order);
    },

    /**
     * The provider's order for an open quote, as create-order answers a cart; else says why not.
     * A quote sent before its customer had an account becomes theirs here, once (the update is
     * conditional, so two tabs or instances cannot both take it).
     */
    async startPayment(
      payer: QuotePayer,
      orderId: string,
      key: string | undefined,
      paymentMethod: PaymentMethod = 'online',
    ): Promise<CreateOrderResponse> {
      // Decision 0042: a quote's price was agreed with the owner and is paid before it ships.
      if (paymentMethod === 'cod') throw conflict(COD_MESSAGES.quote);
      const row = await visibleQuote(payer, orderId, key);
      let order = row.order;
      if (order.userId !== payer.id) {
        if (order.userId !== null || !mayPayQuote(payer, row.marker))
          throw forbidden(QUOTE_MESSAGES.signInToPay);
        const claimed = await claimUnownedOrder(db, order.id, payer.id, clock.now());
        if (!claimed) throw forbidden(QUOTE_MESSAGES.signInToPay);
        order = claimed;
      }
      const state = stateOf(order, clock.now());
      if (state === 'paid') throw conflict(QUOTE_MESSAGES.alreadyPaid);
      if (state === 'expired') throw conflict(QUOTE_MESSAGES.expired);
      if (state === 'cancelled') throw conflict(QUOTE_MESSAGES.cancelled);
      return orderService.startPayment(order);
    },
  };
}

/** The quote's page with its key, for the mail and the owner's share link. */
export const quoteLinkPath = (path: string, accessKey: string) => `${path}?key=${accessKey}`;
