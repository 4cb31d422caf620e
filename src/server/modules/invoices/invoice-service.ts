import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { INVOICE_MESSAGES, type Invoice } from '../../../shared/api/invoices';
import {
  financialYearOf,
  gstStateCode,
  invoiceNumber,
  isIntraState,
  type TaxableLine,
  taxLines,
} from '../../../shared/gst';
import { isValidGstin, normaliseGstin } from '../../../shared/gstin';
import { toRupees } from '../../../shared/money';
import { quantityDiscountLabel } from '../../../shared/order-charges';
import type { Db, Tx } from '../../db/client';
import { notFound } from '../../errors';
import { accountDetailsOf } from '../auth';
import { taxCodesOf } from '../catalog';
import { stateOfPincode } from '../delivery';
import {
  addressOf,
  feesOfOrder,
  giftBatchBuyerOf,
  isOrderId,
  type OrderRow,
  orderLinesOf,
  orderOf,
  placedBy,
} from '../orders';
import { quotedBuyerOf } from '../quotes';
import { creditNoteById, creditNotesOf, storeCreditNotePdf, supersedeInvoice } from './credit-notes';
import { invoiceFigures } from './invoice-figures';
import type { PdfPool } from './pdf-pool';
import { invoiceCounters, invoices } from './tables';

/** The seller as configured (STORE_LEGAL_NAME, STORE_ADDRESS, STORE_STATE, STORE_GSTIN). */
type Seller = { legalName: string; address: string; state: string; gstin: string; prefix: string };

export type InvoiceService = ReturnType<typeof createInvoiceService>;

/**
 * GST tax invoices. `issue` runs inside the transaction that marks an order paid, so
 * every paid order has exactly one invoice and the financial year's numbers have no gaps: the
 * counter row is locked by its UPDATE until that transaction ends, and a rollback returns the
 * number with it.
 */
export function createInvoiceService({
  db,
  seller: sellerNow,
  pdfPool,
}: {
  db: Db;
  /**
   * The seller as the owner's settings say now, read in the issuing transaction; an
   * issued invoice keeps what it printed.
   */
  seller: (tx: Tx) => Promise<Seller>;
  pdfPool: PdfPool;
}) {
  async function compose(
    tx: Tx,
    order: OrderRow,
    issuedAt: Date,
    number: string,
    seller: Seller,
  ): Promise<Invoice> {
    const customer = order.userId === null ? null : await accountDetailsOf(tx, order.userId);
    if (!customer) throw new Error(`Order ${order.id} vanished`);
    const items = await orderLinesOf(tx, order.id);
    const taxCodes = await taxCodesOf(
      tx,
      items.map((item) => item.productId),
    );
    const placeState = await stateOfPincode(tx, order.deliveryPincode ?? '');
    const address = addressOf(order);
    // The place of supply is the State the goods are delivered in: the directory's State of the
    // delivery pincode, which checkout has already checked. The State the shopper typed is free
    // text ('Karnatka', or Delhi beside a Bengaluru pincode) and counts only for a pincode the
    // directory does not know.
    const deliveryState = placeState || address.state?.trim() || '';
    const intraState = isIntraState(seller.state, deliveryState);
    const buyer = await businessBuyerOf(tx, order, customer);

    const taxable: TaxableLine[] = items.map((item) => {
      // The product's own HSN code and rate, else its category's (per-product GST).
      const code = taxCodes.get(item.productId);
      if (!code) throw new Error(`Product ${item.productId} of order ${order.id} vanished`);
      return {
        // Decision 0080: a tier is a discount known at the sale and recorded on the invoice, so the
        // line is taxed on its value after it (CGST s.15(3)(a), Rule 46(1)(i)).
        description: item.quantityTier ? quantityDiscountLabel(item.name, item.quantityTier) : item.name,
        hsn: code.hsn,
        quantity: item.quantity,
        grossPaise: item.pricePaise * item.quantity - item.discountPaise,
        rateBp: code.rateBp,
      };
    });
    // Decision 0072: each fee on a line of its own, at its own SAC and rate, as it was charged.
    for (const fee of await feesOfOrder(tx, order.id)) {
      if (fee.paise === 0) continue;
      taxable.push({
        description: fee.label,
        hsn: fee.code,
        quantity: 1,
        grossPaise: fee.paise,
        rateBp: fee.gstRateBp,
      });
    }
    const { lines, totals } = taxLines(taxable, intraState);
    if (totals.totalPaise !== order.totalPaise) {
      throw new Error(
        `Invoice of order ${order.id} adds up to ${totals.totalPaise}, not ${order.totalPaise}`,
      );
    }
    return {
      number,
      issuedAt: issuedAt.toISOString(),
      orderNumber: order.orderNumber,
      seller: {
        legalName: seller.legalName,
        address: seller.address,
        gstin: seller.gstin,
        state: seller.state,
        stateCode: gstStateCode(seller.state),
      },
      buyer: { name: address.fullName || customer.fullName, email: customer.email ?? '', ...buyer },
      deliveryAddress: [
        address.fullName,
        address.address,
        `${address.city} ${address.postalCode}${deliveryState ? `, ${deliveryState}` : ''}`,
        `Phone: ${address.phone}`,
      ],
      placeOfSupply: { state: deliveryState || 'Unknown', stateCode: gstStateCode(deliveryState) },
      intraState,
      couponCode: order.couponCode,
      ...(order.paymentMethod === 'cod' ? { cashOnDelivery: { payable: toRupees(order.totalPaise) } } : {}),
      ...invoiceFigures(lines, totals),
    };
  }

  /**
   * A business buyer's GSTIN and legal name (B2B): those a quote was sent with, on its
   * `order_quotes` row (its bulk enquiry's unless the owner typed others: decision 0038), or those
   * a gift batch was paid with, on each of its orders' invoices (decision 0090), else the
   * customer's account's. None without a valid GSTIN.
   */
  async function businessBuyerOf(
    tx: Tx,
    order: { id: string; giftBatchId: string | null },
    customer: { fullName: string; gstin: string | null; legalName: string | null },
  ): Promise<{ gstin: string; legalName: string } | Record<string, never>> {
    const quote = await quotedBuyerOf(tx, order.id);
    const batch = order.giftBatchId ? await giftBatchBuyerOf(tx, order.giftBatchId) : null;
    const valid = (gstin: string | null | undefined) =>
      gstin && isValidGstin(gstin) ? normaliseGstin(gstin) : null;
    const quoted = valid(quote?.gstin);
    if (quoted) return { gstin: quoted, legalName: quote?.legalName || customer.fullName };
    const batched = valid(batch?.gstin);
    if (batched) return { gstin: batched, legalName: batch?.legalName || customer.fullName };
    const own = valid(customer.gstin);
    return own ? { gstin: own, legalName: customer.legalName || customer.fullName } : {};
  }

  async function invoiceOf(where: SQL | undefined): Promise<Invoice> {
    const [row] = await db.select({ data: invoices.data }).from(invoices).where(where);
    if (!row) throw notFound(INVOICE_MESSAGES.notIssued);
    return row.data as Invoice;
  }

  return {
    /** Issues the order's invoice once (a second call is a no-op), in the caller's transaction. */
    async issue(tx: Tx, orderId: string, issuedAt: Date): Promise<void> {
      const [existing] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.orderId, orderId), isNull(invoices.supersededAt)));
      if (existing) return;
      // Decision 0081: a gift sent by link has no place of supply until its recipient gives the
      // address; its invoice is issued then, before dispatch (CGST s.31).
      const order = await orderOf(tx, orderId);
      if (!order?.deliveryPincode) return;
      const financialYear = financialYearOf(issuedAt);
      const [counter] = await tx
        .insert(invoiceCounters)
        .values({ financialYear, lastSequence: 1 })
        .onConflictDoUpdate({
          target: invoiceCounters.financialYear,
          set: { lastSequence: sql`${invoiceCounters.lastSequence} + 1` },
        })
        .returning({ sequence: invoiceCounters.lastSequence });
      if (!counter) throw new Error('The invoice counter gave no number');
      const seller = await sellerNow(tx);
      const number = invoiceNumber(seller.prefix, financialYear, counter.sequence);
      const data = await compose(tx, order, issuedAt, number, seller);
      await tx
        .insert(invoices)
        .values({ orderId, number, financialYear, sequence: counter.sequence, issuedAt, data });
    },

    /**
     * Decision 0066: after an address edited before dispatch, the invoice (if one was issued) is
     * credited in full and a new one issued with the new address and place of supply, in the
     * caller's transaction.
     */
    async reissue(tx: Tx, orderId: string, at: Date, reason?: string): Promise<void> {
      if (await supersedeInvoice(tx, orderId, at, reason)) await this.issue(tx, orderId, at);
    },

    /** The customer's own order's invoice; another's order is 'not found' (DESIGN 5). */
    async forCustomer(userId: number, orderId: string): Promise<Invoice> {
      if (!isOrderId(orderId)) throw notFound(INVOICE_MESSAGES.notIssued);
      return invoiceOf(
        and(eq(invoices.orderId, orderId), isNull(invoices.supersededAt), placedBy(invoices.orderId, userId)),
      );
    },

    /**
     * The invoice as a PDF: laid out once in the worker pool, never on the event loop,
     * on its first download; the stored bytes are served from then on, so the legal document
     * never changes. Two first downloads at once keep the bytes of whichever stored first.
     */
    async pdfOf(invoice: Invoice): Promise<Buffer> {
      const stored = async () => {
        const [row] = await db
          .select({ pdf: invoices.pdf })
          .from(invoices)
          .where(eq(invoices.number, invoice.number));
        return row?.pdf ?? null;
      };
      const existing = await stored();
      if (existing) return Buffer.from(existing);
      const pdf = await pdfPool.renderInvoice(invoice);
      const [saved] = await db
        .update(invoices)
        .set({ pdf })
        .where(and(eq(invoices.number, invoice.number), isNull(invoices.pdf)))
        .returning({ id: invoices.id });
      if (saved) return pdf;
      const winner = await stored();
      return winner ? Buffer.from(winner) : pdf;
    },

    /** The order's credit notes (refunds), oldest first; none for an unknown order. */
    async creditNotes(orderId: string) {
      if (!isOrderId(orderId)) return [];
      return creditNotesOf(db, orderId);
    },

    /** A credit note and its PDF, laid out once and kept unchanged like an invoice's. */
    async creditNotePdf(id: number): Promise<{ note: Invoice; pdf: Buffer }> {
      const found = await creditNoteById(db, id);
      if (!found) throw notFound(INVOICE_MESSAGES.creditNoteNotFound);
      if (found.pdf) return { note: found.note, pdf: Buffer.from(found.pdf) };
      const pdf = await pdfPool.renderInvoice(found.note);
      return { note: found.note, pdf: await storeCreditNotePdf(db, id, pdf) };
    },

    async forAdmin(orderId: string): Promise<Invoice> {
      if (!isOrderId(orderId)) throw notFound(INVOICE_MESSAGES.notIssued);
      return invoiceOf(and(eq(invoices.orderId, orderId), isNull(invoices.supersededAt)));
    },
  };
}
