import { z } from 'zod';
import { page, trimmed } from './admin-fields';

// Finding people: the back office's customers. Money in rupees.

export const CUSTOMER_PAGE_SIZE = 25;
/** A customer's latest orders shown on their page; the order list finds the rest. */
export const CUSTOMER_RECENT_ORDERS = 20;

export const AdminCustomerQuery = z.object({ q: trimmed(100).optional(), page });
export type AdminCustomerQuery = z.infer<typeof AdminCustomerQuery>;

export const AdminCustomerIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const AdminCustomerSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** The default saved address's phone, else the latest order's; null when neither exists. */
  phone: z.string().nullable(),
  /** Paid orders. */
  orderCount: z.number().int(),
  /** What the customer paid, less refunds (the money ledger's net); null for a role that may not see money. */
  spend: z.number().nullable(),
  lastOrderAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminCustomerSummary = z.infer<typeof AdminCustomerSummary>;

export const AdminCustomerList = z.object({
  data: z.array(AdminCustomerSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminCustomerList = z.infer<typeof AdminCustomerList>;

export const AdminCustomerDetail = z.object({
  customer: AdminCustomerSummary,
  addresses: z.array(
    z.object({
      id: z.number().int(),
      fullName: z.string(),
      lines: z.array(z.string()),
      phone: z.string(),
      isDefault: z.boolean(),
    }),
  ),
  /** The latest CUSTOMER_RECENT_ORDERS orders, newest first, any status. */
  orders: z.array(
    z.object({
      id: z.string(),
      orderNumber: z.string(),
      status: z.string(),
      createdAt: z.string(),
      totalAmount: z.number(),
    }),
  ),
  /** All the customer's orders, any status. */
  ordersTotal: z.number().int(),
  /** A business account's GSTIN and legal name (the customer's own, for B2B invoices); else null. */
  business: z.object({ gstin: z.string(), legalName: z.string().nullable() }).nullable(),
  /**
   * Decision 0081: when the owner approved this business account as a corporate buyer (its gift
   * links a day are the owner's corporate limit); null when not approved.
   */
  corporateApprovedAt: z.string().nullable(),
});
export type AdminCustomerDetail = z.infer<typeof AdminCustomerDetail>;

/** PUT /api/admin/customers/:id/corporate: approve a business account as a corporate buyer, or withdraw it. */
export const CorporateApproval = z.object({ approved: z.boolean() });
export type CorporateApproval = z.infer<typeof CorporateApproval>;

export const CORPORATE_MESSAGES = {
  needsGstin: 'Only a business account with a GSTIN can be approved as a corporate account',
} as const;
