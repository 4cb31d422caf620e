// Legal Metrology (Packaged Commodities) Rules, 2011, rule 6(10): an e-commerce seller shows on the
// product page the declarations rule 6(1) puts on the pack (decision 0059). Zod-free, so that the
// product page and the back office's form use them without loading Zod; the schemas that check
// them are in legal-metrology.ts.

export const MAKER_ROLES = ['manufacturer', 'packer', 'importer'] as const;
export type MakerRole = (typeof MAKER_ROLES)[number];

/** Units of net quantity (rule 6(1)(c) and the Standards of Weights and Measures); "piece" counts. */
export const NET_UNITS = ['piece', 'pair', 'set', 'g', 'kg', 'ml', 'l', 'cm', 'm'] as const;
export type NetUnit = (typeof NET_UNITS)[number];

/** Every declaration, as a product shows it (checked by `Declarations` in legal-metrology.ts). */
export type DeclarationsValue = {
  makerRole: MakerRole;
  makerName: string;
  makerAddress: string;
  countryOfOrigin: string;
  genericName: string;
  netQuantity: number;
  netUnit: NetUnit;
  /** "12 × 12 × 8 cm"; rule 6(1)(c) where the size matters to the buyer. */
  dimensions: string | null;
  /** Food (hampers, mithai, chocolates): "Best before 6 months from packing". */
  bestBefore: string | null;
  /** YYYY-MM; the pack's month and year of manufacture where it applies. */
  manufacturedMonth: string | null;
};
/** What a category or a product sets of them: any subset (a product's overrides its category's). */
export type DeclarationOverridesValue = Partial<DeclarationsValue>;

export const DECLARATION_KEYS = [
  'makerRole',
  'makerName',
  'makerAddress',
  'countryOfOrigin',
  'genericName',
  'netQuantity',
  'netUnit',
  'dimensions',
  'bestBefore',
  'manufacturedMonth',
] as const satisfies readonly (keyof DeclarationsValue)[];

/** The declarations a shopper is shown: the category's, each overridden by the product's own. */
export function declarationsOf(
  category: DeclarationOverridesValue,
  product: DeclarationOverridesValue,
): DeclarationOverridesValue {
  const merged: Record<string, unknown> = {};
  for (const key of DECLARATION_KEYS) {
    const value = product[key] !== undefined ? product[key] : category[key];
    if (value !== undefined) merged[key] = value;
  }
  return merged as DeclarationOverridesValue;
}

/** The country a product with none declared is listed under: the store sells Indian goods by default. */
export const HOME_COUNTRY = 'India';

const UNIT_WORDS: Readonly<Record<NetUnit, [string, string]>> = {
  piece: ['piece', 'pieces'],
  pair: ['pair', 'pairs'],
  set: ['set', 'sets'],
  g: ['g', 'g'],
  kg: ['kg', 'kg'],
  ml: ['ml', 'ml'],
  l: ['l', 'l'],
  cm: ['cm', 'cm'],
  m: ['m', 'm'],
};

/** "12 pieces", "500 g", "1 set". */
export function netQuantityText(quantity: number, unit: NetUnit): string {
  const [one, many] = UNIT_WORDS[unit];
  const figure = Number.isInteger(quantity) ? quantity.toLocaleString('en-IN') : String(quantity);
  return `${figure} ${quantity === 1 ? one : many}`;
}

/**
 * The unit sale price (rule 6 as amended in 2021; decision 0059, row 5): the price per 1 kg or 1 l for goods sold
 * by weight or volume over a kilo or litre, per 1 g or 1 ml below it; per 1 m or 1 cm by length;
 * per piece (or pair, set) for a pack of more than one. Null for a single unit.
 */
export function unitSalePrice(
  pricePaise: number,
  quantity: number,
  unit: NetUnit,
): { paise: number; per: string } | null {
  const per = (paise: number, label: string) => ({ paise: Math.round(paise), per: label });
  switch (unit) {
    case 'piece':
    case 'pair':
    case 'set':
      return quantity > 1 ? per(pricePaise / quantity, UNIT_WORDS[unit][0]) : null;
    case 'g':
      return quantity >= 1000 ? per((pricePaise * 1000) / quantity, 'kg') : per(pricePaise / quantity, 'g');
    case 'kg':
      return per(pricePaise / quantity, 'kg');
    case 'ml':
      return quantity >= 1000 ? per((pricePaise * 1000) / quantity, 'l') : per(pricePaise / quantity, 'ml');
    case 'l':
      return per(pricePaise / quantity, 'l');
    case 'cm':
      return quantity >= 100 ? per((pricePaise * 100) / quantity, 'm') : per(pricePaise / quantity, 'cm');
    case 'm':
      return per(pricePaise / quantity, 'm');
  }
}
