import type { AddOnKind } from '../../../shared/add-ons';
import type { Composition } from './artwork';
import { CATEGORY_TEMPLATES } from './catalogue-data';
import { pictureOf, productCompositions } from './product-pictures';

// Decision 0079: a new store offers add-ons on its gift categories at once, as India's gifting
// leaders do: a greeting card (which carries the gift message), chocolates, a teddy, balloons and
// a birthday candle set. Each is a product of its own category, pictured by its noun (decision
// 0070), priced, taxed and stocked like any other.

const GIFT_CATEGORIES = [
  'birthday-return-gifts',
  'personalised-gifts',
  'festive-hampers',
  'thank-you-gifts',
  'diwali-gifts',
  'rakhi',
  'housewarming',
  'baby-shower',
  'wedding-favours',
  'corporate-gifts',
];

export type AddOnSeed = {
  /** The item's noun, which its picture shows. */
  noun: string;
  name: string;
  description: string;
  categorySlug: string;
  kind: AddOnKind;
  pricePaise: number;
  mrpPaise: number;
  hsnCode: string;
  gstRateBp: number;
  stock: number;
  /** The categories whose gifts offer it after Add to Cart. */
  offeredWith: readonly string[];
  tags: readonly string[];
};

export const DEMO_ADD_ONS: readonly AddOnSeed[] = [
  {
    noun: 'Greeting Card',
    name: 'Greeting Card with Your Message',
    description: 'A folded card; we write your gift message inside by hand.',
    categorySlug: 'thank-you-gifts',
    kind: 'greeting_card',
    pricePaise: 99_00,
    mrpPaise: 99_00,
    hsnCode: '4909',
    gstRateBp: 500,
    stock: 500,
    offeredWith: GIFT_CATEGORIES,
    tags: ['add-on', 'card'],
  },
  {
    noun: 'Chocolate Box',
    name: 'Assorted Chocolate Box Add-on, 12 Pieces',
    description: 'Twelve assorted chocolates in a gift box, to go with your gift.',
    categorySlug: 'festive-hampers',
    kind: 'chocolates',
    pricePaise: 349_00,
    mrpPaise: 399_00,
    hsnCode: '1806',
    gstRateBp: 500,
    stock: 200,
    offeredWith: GIFT_CATEGORIES,
    tags: ['add-on', 'chocolate'],
  },
  {
    noun: 'Teddy Bear',
    name: 'Soft Teddy Bear, 30 cm',
    description: 'A soft brown teddy with a satin bow.',
    categorySlug: 'baby-shower',
    kind: 'teddy',
    pricePaise: 449_00,
    mrpPaise: 599_00,
    hsnCode: '9503',
    gstRateBp: 500,
    stock: 120,
    offeredWith: ['birthday-return-gifts', 'personalised-gifts', 'baby-shower', 'rakhi', 'thank-you-gifts'],
    tags: ['add-on', 'teddy'],
  },
  {
    noun: 'Balloon Bunch',
    name: 'Balloon Bunch of 10',
    description: 'Ten metallic balloons, packed flat with a ribbon to tie them.',
    categorySlug: 'kids-party-favours',
    kind: 'balloons',
    pricePaise: 199_00,
    mrpPaise: 249_00,
    hsnCode: '9505',
    gstRateBp: 1800,
    stock: 300,
    offeredWith: ['birthday-return-gifts', 'kids-party-favours', 'baby-shower', 'personalised-gifts'],
    tags: ['add-on', 'balloons'],
  },
  {
    noun: 'Birthday Candle Set',
    name: 'Birthday Candle Set of 12',
    description: 'Twelve striped candles with holders, for the cake.',
    categorySlug: 'birthday-return-gifts',
    kind: 'candles',
    pricePaise: 99_00,
    mrpPaise: 129_00,
    hsnCode: '3406',
    gstRateBp: 500,
    stock: 300,
    offeredWith: ['birthday-return-gifts', 'kids-party-favours', 'personalised-gifts'],
    tags: ['add-on', 'birthday'],
  },
];

/** An add-on's pictures: its noun's, main first and a close-up, as a generated product's. */
export function addOnPictures(addOn: AddOnSeed): Composition[] {
  const scene = CATEGORY_TEMPLATES.find((category) => category.slug === addOn.categorySlug)?.scene ?? [];
  return productCompositions(pictureOf(addOn.noun, addOn.name, scene), {
    look: 0,
    extras: 1,
    isSet: false,
    premium: false,
  });
}
