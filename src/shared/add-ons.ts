// Decision 0079: add-ons are products the owner marks with a kind and offers with the gifts of
// chosen categories. They are priced, taxed at their own HSN and rate and stocked like any product;
// the shopper adds one only by ticking it after Add to Cart (never pre-ticked, never added by
// itself: basket sneaking, CCPA Dark Patterns Guidelines 2023, Annexure 1 item 2).
// No Zod here, so the product page's step can use it without loading it.

export const ADD_ON_KINDS = ['greeting_card', 'chocolates', 'teddy', 'balloons', 'candles', 'other'] as const;
export type AddOnKind = (typeof ADD_ON_KINDS)[number];

/** The words the back office names each kind with. */
export const ADD_ON_KIND_LABELS: Readonly<Record<AddOnKind, string>> = {
  greeting_card: 'Greeting card',
  chocolates: 'Chocolates',
  teddy: 'Teddy',
  balloons: 'Balloons',
  candles: 'Birthday candle set',
  other: 'Other add-on',
};

export const isAddOnKind = (value: unknown): value is AddOnKind =>
  typeof value === 'string' && (ADD_ON_KINDS as readonly string[]).includes(value);

/** A greeting card carries the order's gift message: the packing slip prints it on the card's line. */
export const carriesGiftMessage = (kind: AddOnKind | null | undefined) => kind === 'greeting_card';

/** At most this many add-ons are offered after Add to Cart: a short step, not a second catalogue. */
export const ADD_ONS_OFFERED = 8;

export const ADD_ON_STEP_TITLE = 'Make it special';
export const SKIP_ADD_ONS = 'Skip and continue';
