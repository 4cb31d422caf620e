// Amounts as the store's PDFs print them, apart from the PDF code so that other modules may use the
// format without loading PDFKit and its fonts at start (about 0.2 s of every start).

// PDFKit's built-in Helvetica has no rupee sign, so amounts read 'Rs. 1,234.50' (en-IN grouping).
const amount = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const rs = (rupees: number) => `Rs. ${amount.format(rupees)}`;
