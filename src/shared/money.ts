// DESIGN 4: integer paise inside, rupees at the API and UI edges, formatted en-IN.

export type Paise = number;

export const toPaise = (rupees: number): Paise => Math.round(rupees * 100);
export const toRupees = (paise: Paise): number => paise / 100;

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
