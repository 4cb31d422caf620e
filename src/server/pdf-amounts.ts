// Amounts as the store's PDFs print them (invoices, labels), apart from the PDF code so that other
// modules may use the format without loading PDFKit and its fonts at start (about 0.2 s of every
// start), and outside the invoices module so that the label worker thread loads this file alone:
// through the module's index it loaded 136 files (the database drivers, mail, React), and its
// first label took three times as long under tsx (2-4 s at load 20), all of it within the
// label's time limit (label-pool.ts).

// PDFKit's built-in Helvetica has no rupee sign, so amounts read 'Rs. 1,234.50' (en-IN grouping).
const amount = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const rs = (rupees: number) => `Rs. ${amount.format(rupees)}`;
