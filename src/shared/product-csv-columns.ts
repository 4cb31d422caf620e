import type { DECLARATION_KEYS } from './legal-metrology-terms';

// The product CSV's columns: the export writes them in this order, the import reads them back by
// name, and the back office's help lists each with what it holds (decision 0077: every one).

const DECLARATION_HELP: Record<(typeof DECLARATION_KEYS)[number], string> = {
  makerRole: 'Legal Metrology: manufacturer, packer, importer or marketer',
  makerName: "Legal Metrology: the maker's, packer's or importer's name",
  makerAddress: 'Legal Metrology: their address',
  countryOfOrigin: 'Legal Metrology: the country of origin',
  genericName: 'Legal Metrology: the common or generic name',
  netQuantity: 'Legal Metrology: the net quantity (a number)',
  netUnit: 'Legal Metrology: its unit (g, kg, ml, l, cm, m or N for pieces)',
  dimensions: 'Legal Metrology: the size, where it says what the product is',
  bestBefore: 'Legal Metrology: best before, for food',
  manufacturedMonth: 'Legal Metrology: the month and year of manufacture or import',
};

/** Each column and what it holds; an empty Legal Metrology cell follows the category's value. */
export const PRODUCT_CSV_COLUMN_HELP = {
  id: 'the product number; empty adds a new product, a number changes that product',
  name: 'the name shoppers see',
  description: 'the description',
  price: 'the selling price in rupees',
  mrp: 'the MRP in rupees, at least the price',
  category: "the category's name or its short name (slug)",
  tags: 'tags, separated by |',
  stock: 'units in stock',
  allowPreOrder: 'true to take orders when out of stock',
  minQuantity: 'the fewest pieces one order takes',
  featured: 'true to show it on the home page',
  archived: 'true to take it off the store',
  image: "the main photo's address (export only: photos are added in the form or by a zip)",
  personalisation: 'the personalisation form as exported (JSON); empty for none',
  quantityTiers: 'bulk discounts as pieces:percent off, separated by |, e.g. 10:5|50:10; empty for none',
  sku: 'your stock-keeping unit, unique; it names photos in a zip (SKU.jpg, SKU-2.jpg)',
  hsnCode: "the product's own HSN code; empty follows the category's",
  gstRate: "the product's own GST rate in percent; empty follows the category's",
  ...DECLARATION_HELP,
} as const;

export type ProductCsvColumn = keyof typeof PRODUCT_CSV_COLUMN_HELP;

/** The export's columns in order, which the import reads back (by name, in any order). */
export const PRODUCT_CSV_COLUMNS = Object.keys(PRODUCT_CSV_COLUMN_HELP) as ProductCsvColumn[];
