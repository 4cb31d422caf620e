// DESIGN 4: integer paise inside, rupees at the API and UI edges, formatted en-IN.

export type Paise = number;

export const toPaise = (rupees: number): Paise => Math.round(rupees * 100);
export const toRupees = (paise: Paise): number => paise / 100;

/** A line's amount: a price in rupees times a quantity, in paise, so ₹0.10 × 3 never drifts. */
export const lineAmountPaise = (line: { price: number; quantity: number }): Paise =>
  toPaise(line.price) * line.quantity;

/** The server's subtotal: lines priced in paise (after any quantity tier), times their quantities. */
export const linesTotalPaise = (lines: readonly { unitPaise: Paise; quantity: number }[]): Paise =>
  lines.reduce((sum, line) => sum + line.unitPaise * line.quantity, 0);

/** The lines' amounts added in paise: a cart's, a checkout's or a payment's subtotal. */
export const linesAmountPaise = (lines: readonly { price: number; quantity: number }[]): Paise =>
  lines.reduce((sum, line) => sum + lineAmountPaise(line), 0);

const wholeRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
const rupeesAndPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** ₹1,00,000 for whole rupees, ₹99.50 when there are paise. */
export function formatInr(rupees: number): string {
  return Number.isInteger(rupees) ? wholeRupees.format(rupees) : rupeesAndPaise.format(rupees);
}

export const formatPaise = (paise: Paise): string => formatInr(toRupees(paise));

/** A line's amount as the shopper and the back office read it: ₹298.50. */
export const formatLineAmount = (line: { price: number; quantity: number }): string =>
  formatPaise(lineAmountPaise(line));
