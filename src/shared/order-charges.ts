import { SHIPPING_GST_RATE_BP, SHIPPING_SAC } from './gst';
import { formatPaise, type Paise, toPaise, toRupees } from './money';
import { type QuantityTierValue, tierSaving, tierText } from './quantity-tier-rules';

// Decision 0072: one model of an order's money. A cart and its choices become a list of charges;
// the server prices an order with it and stores its fees as rows, and every page, mail, invoice
// and slip reads the same list. No Zod here, so any page can use it without loading it.

/** A timed slot's fee as its charge says it: 'Fixed time delivery' (decision 0073). */
export const timedSlotFeeLabel = (slotName: string) => `${slotName} delivery`;

/**
 * What a charge is for. Items (and add-ons) are the order's lines; a quantity discount is a line's
 * tier (decision 0080), the discount the coupon's; the rest are its fees.
 */
export const CHARGE_KINDS = [
  'item',
  'quantity_discount',
  'discount',
  'shipping',
  'delivery_slot',
  'cash_on_delivery',
] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];

/** The charges an order stores as rows of their own (items live in its lines, the discount on them). */
export const FEE_KINDS = ['shipping', 'delivery_slot', 'cash_on_delivery'] as const;
export type FeeKind = (typeof FEE_KINDS)[number];
export const isFeeKind = (kind: string): kind is FeeKind => (FEE_KINDS as readonly string[]).includes(kind);

/** The words each fee is shown with, on every page, mail, invoice and slip. */
export const FEE_LABELS: Readonly<Record<FeeKind, string>> = {
  shipping: 'Shipping',
  delivery_slot: 'Midnight delivery',
  cash_on_delivery: 'Cash on delivery fee',
};

/**
 * One thing an order charges for, tax included (store prices are GST-inclusive). A discount is
 * negative. `code` is the HSN of goods or the SAC of a service; the browser prices items without
 * them (null), the server always with them.
 */
export type Charge = {
  kind: ChargeKind;
  label: string;
  paise: Paise;
  quantity: number;
  code: string | null;
  gstRateBp: number | null;
};

/** A fee: always a service with its SAC and GST rate. */
export type FeeCharge = Omit<Charge, 'kind' | 'code' | 'gstRateBp'> & {
  kind: FeeKind;
  code: string;
  gstRateBp: number;
};

export type ChargedLine = {
  label: string;
  /** The list price of one piece. */
  unitPaise: Paise;
  quantity: number;
  code?: string | null;
  gstRateBp?: number | null;
  /** The product's quantity tiers: the one the line reaches is a discount charge (decision 0080). */
  tiers?: readonly QuantityTierValue[];
};

/**
 * Decision 0080: a line's quantity tier as a discount of its own, after the line, with the line's
 * HSN and rate: the tier is known when the goods are sold and shown on the invoice, so GST is on
 * the value after it (CGST s.15(3)(a)). Null below the first tier.
 */
export function quantityDiscountOf(line: ChargedLine): Charge | null {
  const saving = tierSaving(line.unitPaise, line.tiers ?? [], line.quantity);
  if (!saving || saving.savingPaise === 0) return null;
  return {
    kind: 'quantity_discount',
    label: quantityDiscountLabel(line.label, saving.tier),
    paise: -saving.savingPaise,
    quantity: line.quantity,
    code: line.code ?? null,
    gstRateBp: line.gstRateBp ?? null,
  };
}

/** 'Potli Bag, 6+ pieces: 5% off': the line it is on and the tier it reached. */
export const quantityDiscountLabel = (lineLabel: string, tier: QuantityTierValue) =>
  `${lineLabel}, ${tierText(tier)}`;

/** A cart and the shopper's choices, priced: what the model turns into charges. */
export type OrderChoices = {
  lines: readonly ChargedLine[];
  /** The coupon's saving on the items after their quantity tiers (never on a fee). */
  discountPaise?: Paise;
  /** The shipping charge quoted for the cart's value before the discount (shared/shipping.ts). */
  shippingPaise: Paise;
  /** The chosen slot's fee; 0 or absent for a slot without one. */
  slotFeePaise?: Paise;
  /** A timed slot's fee is named after it ('Fixed time delivery', decision 0073); midnight's by FEE_LABELS. */
  slotFeeLabel?: string;
  /** The cash on delivery fee when the shopper pays at the door; absent when paying online. */
  cashOnDeliveryPaise?: Paise;
};

/**
 * Delivery services (SAC 9968) taxed as shipping is: the slot and cash on delivery fees are part
 * of the delivery, on lines of their own so the buyer sees what each was for (CGST s.31, Rule 46).
 */
export const feeCharge = (kind: FeeKind, paise: Paise, label: string = FEE_LABELS[kind]): FeeCharge => ({
  kind,
  label,
  paise,
  quantity: 1,
  code: SHIPPING_SAC,
  gstRateBp: SHIPPING_GST_RATE_BP,
});

/**
 * The order's charges in the order they are shown: its lines, their quantity tiers, the coupon's
 * discount, then its fees. Shipping is always there (0 reads 'Free'); a slot or COD fee only when
 * there is one.
 */
export function orderCharges(choices: OrderChoices): Charge[] {
  const items = choices.lines.map(
    (line): Charge => ({
      kind: 'item',
      label: line.label,
      paise: line.unitPaise * line.quantity,
      quantity: line.quantity,
      code: line.code ?? null,
      gstRateBp: line.gstRateBp ?? null,
    }),
  );
  const quantityDiscounts = choices.lines.flatMap((line) => quantityDiscountOf(line) ?? []);
  const discount = choices.discountPaise ?? 0;
  return [
    ...items,
    ...quantityDiscounts,
    ...(discount > 0
      ? [
          {
            kind: 'discount' as const,
            label: 'Discount',
            paise: -discount,
            quantity: 1,
            code: null,
            gstRateBp: null,
          },
        ]
      : []),
    feeCharge('shipping', choices.shippingPaise),
    ...((choices.slotFeePaise ?? 0) > 0
      ? [
          feeCharge(
            'delivery_slot',
            choices.slotFeePaise ?? 0,
            choices.slotFeeLabel ?? FEE_LABELS.delivery_slot,
          ),
        ]
      : []),
    ...(choices.cashOnDeliveryPaise !== undefined && choices.cashOnDeliveryPaise > 0
      ? [feeCharge('cash_on_delivery', choices.cashOnDeliveryPaise)]
      : []),
  ];
}

export const chargesTotalPaise = (charges: readonly Pick<Charge, 'paise'>[]): Paise =>
  charges.reduce((sum, charge) => sum + charge.paise, 0);

const isFee = (charge: Charge): charge is FeeCharge =>
  isFeeKind(charge.kind) && charge.code !== null && charge.gstRateBp !== null;

/** The fees of a list of charges (what an order stores as rows, what a summary lists below the items). */
export const feesOf = (charges: readonly Charge[]): FeeCharge[] => charges.filter(isFee);

/** The figures every summary shows, from the charges: subtotal, discount, fees and total. */
export function chargeSummary(charges: readonly Charge[]) {
  const sumOf = (kind: ChargeKind) => chargesTotalPaise(charges.filter((charge) => charge.kind === kind));
  const fees = feesOf(charges);
  return {
    subtotalPaise: sumOf('item'),
    /** Decision 0080: each line's quantity tier, as its own line of the summary. */
    quantityDiscounts: charges
      .filter((charge) => charge.kind === 'quantity_discount')
      .map((charge) => savingRecordOf(charge)),
    quantityDiscountPaise: -sumOf('quantity_discount'),
    discountPaise: -sumOf('discount'),
    fees,
    /** Shipping and every other fee: what SPEC 3 calls an order's shippingCost. */
    deliveryPaise: chargesTotalPaise(fees),
    totalPaise: chargesTotalPaise(charges),
  };
}

/** A saving as the API and every summary carry it: its words and rupees taken off (positive). */
export type SavingRecord = { label: string; amount: number };

export const savingRecordOf = (charge: Pick<Charge, 'label' | 'paise'>): SavingRecord => ({
  label: charge.label,
  amount: toRupees(-charge.paise),
});

/** A fee as the API carries it: rupees at the edge. */
export type FeeRecord = { kind: FeeKind; label: string; amount: number };

export const feeRecordOf = (charge: Pick<FeeCharge, 'kind' | 'label' | 'paise'>): FeeRecord => ({
  kind: charge.kind,
  label: charge.label,
  amount: toRupees(charge.paise),
});

/** An order's fees (from the API, in rupees) back as charges, to add up or show. */
export const chargeOfFee = (fee: FeeRecord): Charge => feeCharge(fee.kind, toPaise(fee.amount), fee.label);

/** A fee's amount as every page, mail and slip says it: 'Free' when nothing is charged. */
export const feeAmountText = (paise: Paise) => (paise === 0 ? 'Free' : formatPaise(paise));

/**
 * A cart as the browser holds it (rupees at the edge) priced by the same model: checkout and the
 * payment page show these charges, and create-order sends their total for the server to match.
 */
export const cartCharges = (cart: {
  lines: readonly {
    name: string;
    price: number;
    quantity: number;
    quantityTiers?: readonly QuantityTierValue[];
  }[];
  discount?: number;
  shippingFee: number;
  slotFee?: number;
  /** A timed slot's name (decision 0073); its fee is named after it. */
  slotName?: string | undefined;
  codFee?: number;
}): Charge[] =>
  orderCharges({
    lines: cart.lines.map((line) => ({
      label: line.name,
      unitPaise: toPaise(line.price),
      quantity: line.quantity,
      tiers: line.quantityTiers,
    })),
    discountPaise: toPaise(cart.discount ?? 0),
    shippingPaise: toPaise(cart.shippingFee),
    slotFeePaise: toPaise(cart.slotFee ?? 0),
    ...(cart.slotName === undefined ? {} : { slotFeeLabel: timedSlotFeeLabel(cart.slotName) }),
    cashOnDeliveryPaise: cart.codFee === undefined ? undefined : toPaise(cart.codFee),
  });
