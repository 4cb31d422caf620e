// Decision 0055: how long personal data is kept once its purpose is served (DPDP Act 2023 s.8(7):
// erase it when the purpose is no longer served, unless a law requires keeping it). One place: the
// purge job reads these, and the privacy notice states them.

export const RETENTION_DAYS = {
  /** The words of WhatsApp, SMS and e-mail messages sent (the row of what was sent stays). */
  messageBodies: 180,
  /** A checkout left without an order, kept for its one reminder. */
  abandonedCarts: 30,
  /** Photos of a return, after the return was decided. */
  returnPhotos: 365,
} as const;

/**
 * CGST Act s.36 with Rule 56: accounts and invoices are kept for 72 months from the due date of
 * the annual return of their year; orders and invoices stay for that long.
 */
export const TAX_RECORDS_MONTHS = 72;
