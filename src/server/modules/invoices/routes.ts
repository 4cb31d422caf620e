import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Invoice } from '../../../shared/api/invoices';
import { OrderIdParams } from '../../../shared/api/orders';

/** The customer's GST tax invoice of a paid order, as JSON and as a PDF to download. */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/:id/invoice',
    { schema: { params: OrderIdParams, response: { 200: Invoice } }, preHandler: app.requireUser },
    async (request) => app.invoices.forCustomer(request.user.id, request.params.id),
  );

  app.get(
    '/orders/:id/invoice.pdf',
    { schema: { params: OrderIdParams }, preHandler: app.requireUser },
    async (request, reply) => {
      const invoice = await app.invoices.forCustomer(request.user.id, request.params.id);
      return sendInvoicePdf(reply, invoice, await app.invoices.pdfOf(invoice));
    },
  );
};

export async function sendInvoicePdf(
  reply: { header(name: string, value: string): unknown; send(body: Buffer): unknown },
  invoice: Invoice,
  pdf: Buffer,
) {
  reply.header('content-type', 'application/pdf');
  const kind = invoice.creditNote ? 'credit-note' : 'invoice';
  reply.header(
    'content-disposition',
    `attachment; filename="${kind}-${invoice.number.replaceAll('/', '-')}.pdf"`,
  );
  return reply.send(pdf);
}
