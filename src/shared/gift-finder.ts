// Decision 0070: the listing's gift filters (occasion, recipient, delivery speed at the chosen
// pincode) and tags as shoppers read them. No Zod, so the listing and its cards can use them
// without loading it; the API's schema (api/catalog.ts) takes its choices from here.

/** Occasions a shopper can filter by: each is the tag of the products for it. */
export const OCCASIONS = [
  { tag: 'birthday', label: 'Birthday' },
  { tag: 'wedding', label: 'Wedding' },
  { tag: 'baby-shower', label: 'Baby shower' },
  { tag: 'housewarming', label: 'Housewarming' },
  { tag: 'diwali', label: 'Diwali' },
  { tag: 'rakhi', label: 'Rakhi' },
  { tag: 'thank-you', label: 'Thank you' },
  { tag: 'corporate', label: 'Corporate' },
] as const;
export type Occasion = (typeof OCCASIONS)[number]['tag'];
export const OCCASION_TAGS = OCCASIONS.map((occasion) => occasion.tag) as [Occasion, ...Occasion[]];

/** Who the gift is for: each is a tag the owner (and the demo catalogue) gives products. */
export const RECIPIENTS = [
  { tag: 'for-him', label: 'For him' },
  { tag: 'for-her', label: 'For her' },
  { tag: 'for-kids', label: 'For kids' },
  { tag: 'for-couples', label: 'For couples' },
  { tag: 'for-colleagues', label: 'For colleagues' },
  { tag: 'for-guests', label: 'For guests' },
] as const;
export type Recipient = (typeof RECIPIENTS)[number]['tag'];
export const RECIPIENT_TAGS = RECIPIENTS.map((recipient) => recipient.tag) as [Recipient, ...Recipient[]];

/**
 * How soon it must arrive at the chosen pincode: `today` while same-day delivery is open there
 * (before 2 PM India time), `midnight` where the midnight slot is offered.
 */
export const DELIVERY_SPEEDS = [
  { value: 'today', label: 'Delivers today' },
  { value: 'midnight', label: 'Midnight delivery' },
] as const;
export type DeliverySpeed = (typeof DELIVERY_SPEEDS)[number]['value'];
export const DELIVERY_SPEED_VALUES = DELIVERY_SPEEDS.map((speed) => speed.value) as [
  DeliverySpeed,
  ...DeliverySpeed[],
];

export const GIFT_FILTER_MESSAGES = {
  pincodeNeeded: 'Choose a delivery pincode to see what delivers today or at midnight',
} as const;

const WORDS_OF_TAG: Readonly<Record<string, string>> = {
  ...Object.fromEntries([...OCCASIONS, ...RECIPIENTS].map((entry) => [entry.tag, entry.label])),
  'eco-friendly': 'Eco-friendly',
  'raksha-bandhan': 'Raksha Bandhan',
  bhabhi: 'Bhabhi',
};

/** A tag as a shopper reads it: 'baby-shower' is "Baby shower", 'under-99' "Under ₹99". */
export function tagWords(tag: string): string {
  const known = WORDS_OF_TAG[tag];
  if (known) return known;
  const under = /^under-(\d+)$/.exec(tag);
  if (under) return `Under ₹${Number(under[1]).toLocaleString('en-IN')}`;
  const words = tag.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
