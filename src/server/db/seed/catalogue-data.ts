// The demo catalogue's data (DESIGN 4, Catalogue): the categories and the items each one sells,
// the products every catalogue starts with, the words names and descriptions are made of, and the
// collections. catalogue.ts turns them into rows.
import type { Recipient } from '../../../shared/gift-finder';
import type { ParcelSizeValue } from '../../../shared/parcel-defaults';
import type { PersonalisationConfig } from '../../../shared/personalisation-rules';

// ---------------------------------------------------------------------------------------------
// Categories and the items each one sells

export type ItemTemplate = {
  noun: string;
  /** Words before the noun (material, style or flavour); '' means the bare noun. */
  prefixes: readonly string[];
  /** 'with X Motif' is added to about half of the names when present. */
  motifs?: readonly string[];
  /** Sold as a set or pack of one of these sizes ('Brass Diya Set of 4'). */
  packs?: readonly number[];
  packWord?: 'Set' | 'Pack';
  /** Price range in rupees for the whole item or pack. */
  price: readonly [number, number];
  tags: readonly string[];
  /** Cheap favours bought by the dozen: some are sold with a minimum quantity. */
  returnGift?: boolean;
  /** First sentence of the description; {item} is the item's name in running text. */
  blurb: string;
  /** Told apart when a name repeats ('Rose Scented Candle, Jasmine'); colourways by default. */
  variants?: readonly string[];
  /**
   * Sizes, smallest first, that tell apart a name that repeats ('Kaju Katli Mithai Box, 500 g'):
   * a bigger size never costs less than a smaller one of the same name.
   */
  sizes?: readonly string[];
  /** Decision 0077: one unit as it is packed (its own box or pouch), for the courier's parcel. */
  packed?: ParcelSizeValue;
  /**
   * Decision 0077: the form a personalised one asks for at checkout: every product of the item,
   * or (`personalisedOnly`) those whose name says "Personalised".
   */
  personalisation?: PersonalisationConfig & { personalisedOnly?: boolean };
};

export const COLOURWAYS = [
  'Marigold',
  'Rani Pink',
  'Peacock Blue',
  'Mehendi Green',
  'Haldi Yellow',
  'Ivory Gold',
  'Maroon',
  'Teal',
];
const WEIGHTS = ['250 g', '400 g', '500 g', '750 g', '1 kg'];
const HAMPER_SIZES = ['Classic', 'Deluxe', 'Grand', 'Family Size'];
const FRAGRANCES = ['Sandalwood', 'Jasmine', 'Rose', 'Lavender', 'Vetiver', 'Mogra'];
const TEA_WEIGHTS = ['50 g', '100 g', '250 g'];

export type CategoryTemplate = {
  name: string;
  slug: string;
  description: string;
  /** Fluent Emoji icons of its artwork, the main one first (artwork.ts). */
  scene: readonly string[];
  tag: string;
  occasionLines: readonly string[];
  items: readonly ItemTemplate[];
};

export const CATEGORY_TEMPLATES: readonly CategoryTemplate[] = [
  {
    name: 'Birthday Return Gifts',
    slug: 'birthday-return-gifts',
    description:
      'Thank-you gifts for every guest at the party, from potli bags to mini bouquets, in quantities that fit a full guest list.',
    scene: ['birthday-cake', 'balloon', 'wrapped-gift'],
    tag: 'birthday',
    occasionLines: [
      'A cheerful thank-you for every guest who came to celebrate.',
      'Hand one to each guest at the door as they leave the party.',
      'Works for first birthdays and fiftieth birthdays alike.',
    ],
    items: [
      {
        noun: 'Potli Bag',
        prefixes: ['Jute', 'Silk', 'Brocade', 'Cotton'],
        motifs: ['Ganesha', 'Peacock', 'Elephant', 'Lotus'],
        price: [59, 199],
        tags: ['return-gift', 'traditional'],
        returnGift: true,
        blurb: 'This {item} has a drawstring neck and room for sweets, a small gift or a thank-you note.',
        packed: { weightGrams: 40, lengthCm: 14, breadthCm: 10, heightCm: 3 },
      },
      {
        noun: 'Chocolate Bouquet',
        prefixes: ['Mini', '', 'Premium', 'Heart-shaped'],
        price: [299, 1499],
        tags: ['chocolate', 'bouquet'],
        blurb: 'This {item} bunches wrapped chocolates like flowers, finished with ribbon and tissue.',
        sizes: ['12 Chocolates', '16 Chocolates', '24 Chocolates', '30 Chocolates'],
      },
      {
        noun: 'Water Bottle',
        prefixes: ['Cartoon Print', 'Steel', 'Insulated'],
        price: [149, 499],
        tags: ['kids', 'useful'],
        returnGift: true,
        blurb: 'This {item} is leak-proof, easy for small hands and goes straight into a school bag.',
      },
      {
        noun: 'Coin Pouch',
        prefixes: ['Embroidered', 'Mirror-work', 'Ikat'],
        price: [59, 149],
        tags: ['return-gift', 'pouch'],
        returnGift: true,
        blurb: 'This {item} zips shut and holds coins, earphones or a lipstick.',
      },
      {
        noun: 'Photo Frame',
        prefixes: ['Wooden', 'Mirror-work', 'Metal'],
        price: [199, 799],
        tags: ['home-decor', 'keepsake'],
        blurb: 'This {item} takes a 4x6 inch photo and stands on a desk or hangs on a wall.',
      },
      {
        noun: 'Bookmark',
        prefixes: ['Handpainted', 'Leather', 'Brass'],
        packs: [3, 5],
        price: [79, 249],
        tags: ['reading', 'return-gift'],
        returnGift: true,
        blurb: 'This {item} keeps the page for readers of every age and slips into any envelope.',
      },
      {
        noun: 'Scented Candle',
        prefixes: ['Soy Wax', 'Aroma', 'Jar'],
        price: [149, 599],
        tags: ['candle', 'fragrance'],
        blurb: 'This {item} burns clean for hours with a gentle fragrance of rose, mogra or sandalwood.',
        variants: FRAGRANCES,
      },
    ],
  },
  {
    name: 'Wedding Favours',
    slug: 'wedding-favours',
    description:
      'Bonbonnieres, kumkum boxes and keepsakes to thank wedding guests, from the mehendi to the reception.',
    scene: ['ring', 'bouquet', 'candy'],
    tag: 'wedding',
    occasionLines: [
      'A keepsake your wedding guests will remember long after the baraat.',
      'Made for the mehendi, the sangeet and the reception alike.',
      'Pairs well with a small box of mithai for every guest.',
    ],
    items: [
      {
        noun: 'Bonbonniere Box',
        prefixes: ['Velvet', 'Brocade', 'Acrylic', 'Laser-cut'],
        price: [69, 299],
        tags: ['return-gift', 'wedding-favour'],
        returnGift: true,
        blurb: 'This {item} holds four to six sweets or dragees and closes with a satin ribbon.',
      },
      {
        noun: 'Favour Pouch',
        prefixes: ['Silk', 'Gota Patti', 'Zari'],
        motifs: ['Paisley', 'Peacock', 'Mango'],
        price: [59, 199],
        tags: ['return-gift', 'pouch'],
        returnGift: true,
        blurb: 'This {item} is stitched with care and sized for sweets, dry fruits or a small trinket.',
      },
      {
        noun: 'Kumkum Box',
        prefixes: ['Brass', 'Meenakari', 'Silver-plated', 'Wooden'],
        price: [99, 449],
        tags: ['traditional', 'return-gift'],
        returnGift: true,
        blurb: 'This {item} has two compartments for kumkum and haldi and a lid that stays shut.',
      },
      {
        noun: 'Dry Fruit Box',
        prefixes: ['Velvet', 'Wooden', 'Acrylic'],
        price: [249, 1299],
        tags: ['dry-fruits', 'gourmet'],
        blurb: 'This {item} comes filled with cashews, almonds and raisins in separate sections.',
        sizes: WEIGHTS,
      },
      {
        noun: 'Ganesha Idol',
        prefixes: ['Brass', 'Marble Dust', 'Resin'],
        price: [149, 999],
        tags: ['spiritual', 'keepsake'],
        blurb: 'This {item} is small enough for a shelf or a car dashboard and finished in fine detail.',
      },
      {
        noun: 'Bangle Box',
        prefixes: ['Meenakari', 'Velvet'],
        price: [199, 699],
        tags: ['storage', 'traditional'],
        blurb: 'This {item} has a padded rod inside that keeps bangles in order and unscratched.',
      },
      {
        noun: 'Tealight Holder',
        prefixes: ['Glass', 'Brass', 'Mosaic'],
        packs: [2, 4],
        price: [99, 499],
        tags: ['candle', 'home-decor'],
        returnGift: true,
        blurb: 'This {item} throws a warm pattern of light on the table; tealights are included.',
      },
    ],
  },
  {
    name: 'Baby Shower',
    slug: 'baby-shower',
    description: 'Godh bharai favours and gentle gifts for the mother-to-be and the little one on the way.',
    scene: ['baby-bottle', 'teddy-bear', 'baby'],
    tag: 'baby-shower',
    occasionLines: [
      'A gentle favour for the godh bharai and the guests who bless the mother-to-be.',
      'Soft colours and safe materials, chosen with a newborn in mind.',
      'A thoughtful thank-you for everyone at the baby shower.',
    ],
    items: [
      {
        noun: 'Baby Rattle',
        prefixes: ['Wooden', 'Channapatna'],
        price: [149, 449],
        tags: ['baby', 'toy'],
        blurb: 'This {item} is finished with food-safe lacquer and has no small parts to come loose.',
      },
      {
        noun: 'Muslin Swaddle',
        prefixes: ['Organic Cotton', 'Block-print'],
        price: [349, 999],
        tags: ['baby', 'cotton'],
        blurb: 'This {item} is soft, breathable and large enough to wrap a newborn snugly.',
      },
      {
        noun: 'Thank You Card',
        prefixes: ['Seed Paper', 'Kraft'],
        packs: [10, 25],
        packWord: 'Pack',
        price: [149, 499],
        tags: ['card', 'stationery'],
        blurb: 'This {item} carries a printed thank-you and plenty of space for a note.',
      },
      {
        noun: 'Succulent Planter',
        prefixes: ['Mini Ceramic', 'Terracotta'],
        price: [149, 449],
        tags: ['plant', 'return-gift'],
        returnGift: true,
        blurb: 'This {item} comes with a live succulent that needs water only once a week.',
      },
      {
        noun: 'Footprint Frame',
        prefixes: ['Baby', 'Wooden Baby'],
        price: [499, 1499],
        tags: ['keepsake', 'baby'],
        blurb: 'This {item} includes a clean-touch ink pad to keep the first footprints forever.',
      },
      {
        noun: 'Soap Favour',
        prefixes: ['Handmade', 'Goat Milk', 'Rose'],
        packs: [2, 3],
        price: [79, 249],
        tags: ['soap', 'return-gift'],
        returnGift: true,
        blurb: 'This {item} is cold-processed in small batches and gentle enough for sensitive skin.',
        variants: FRAGRANCES,
      },
    ],
  },
  {
    name: 'Housewarming',
    slug: 'housewarming',
    description: 'Torans, planters and name plates that bring luck and colour to a new home.',
    scene: ['house', 'potted-plant', 'wind-chime'],
    tag: 'housewarming',
    occasionLines: [
      'A warm welcome for a new home and the family moving in.',
      'Brings colour and good luck to the griha pravesh.',
      'Looks at home by the door, in the living room or on a balcony.',
    ],
    items: [
      {
        noun: 'Door Toran',
        prefixes: ['Beaded', 'Marigold', 'Mirror-work', 'Felt'],
        price: [249, 999],
        tags: ['home-decor', 'traditional'],
        blurb: 'This {item} spans a standard doorway and hangs from two small hooks.',
      },
      {
        noun: 'Name Plate',
        prefixes: ['Personalised Wooden', 'Brass', 'Ceramic'],
        price: [799, 2499],
        tags: ['home-decor', 'nameplate'],
        blurb: 'This {item} is weather-proof and comes with screws and wall plugs.',
        personalisation: {
          fields: [{ label: 'Name on plate', maxLength: 30, required: true }],
          photo: 'off',
          personalisedOnly: true,
        },
      },
      {
        noun: 'Tulsi Planter',
        prefixes: ['Terracotta', 'Brass', 'Ceramic'],
        price: [299, 1299],
        tags: ['plant', 'traditional'],
        blurb: 'This {item} has a drainage hole and is shaped like a traditional tulsi vrindavan.',
      },
      {
        noun: 'Wind Chime',
        prefixes: ['Bamboo', 'Brass', 'Metal'],
        price: [299, 899],
        tags: ['home-decor', 'vastu'],
        blurb: 'This {item} rings softly in the breeze from a balcony or a window.',
      },
      {
        noun: 'Kalash Set',
        prefixes: ['Copper', 'Brass'],
        price: [499, 1999],
        tags: ['pooja', 'traditional'],
        blurb: 'This {item} includes the kalash, a coconut stand and a mango-leaf garland.',
      },
      {
        noun: 'Wall Hanging',
        prefixes: ['Macrame', 'Madhubani', 'Warli'],
        motifs: ['Ganesha', 'Tree of Life', 'Peacock'],
        price: [349, 1499],
        tags: ['home-decor', 'wall-art'],
        blurb: 'This {item} fills a bare wall with colour and hangs from a single nail.',
      },
      {
        noun: 'Serving Tray',
        prefixes: ['Mango Wood', 'Enamel', 'Brass'],
        price: [499, 1799],
        tags: ['kitchen', 'home-decor'],
        blurb: 'This {item} carries chai for six and doubles as a centrepiece on the table.',
      },
    ],
  },
  {
    name: 'Diwali Gifts',
    slug: 'diwali-gifts',
    description:
      'Diyas, hampers, rangoli kits and idols to light up Diwali for family, friends and colleagues.',
    scene: ['diya-lamp', 'sparkler', 'candy'],
    tag: 'diwali',
    occasionLines: [
      'Lights up Diwali for family, friends and neighbours.',
      'A festive gift for the season of lights, from Dhanteras to Bhai Dooj.',
      'Makes the Lakshmi pooja and the evening of lights a little brighter.',
    ],
    items: [
      {
        noun: 'Diya',
        prefixes: ['Brass', 'Terracotta', 'Handpainted Clay', 'Metal'],
        packs: [4, 6, 12],
        price: [149, 999],
        tags: ['diya', 'festive-decor'],
        blurb: 'This {item} holds ghee or oil with a cotton wick and glows for hours.',
      },
      {
        noun: 'Diwali Hamper',
        prefixes: ['Dry Fruit', 'Sweets and Diya', 'Premium', 'Eco'],
        price: [699, 4999],
        tags: ['hamper', 'gourmet'],
        blurb: 'This {item} arrives in a keepsake box with sweets, dry fruits and a pair of diyas.',
        sizes: HAMPER_SIZES,
      },
      {
        noun: 'Rangoli Kit',
        prefixes: ['Stencil', 'Colour Powder', 'Reusable Acrylic'],
        price: [149, 599],
        tags: ['rangoli', 'festive-decor'],
        blurb: 'This {item} has everything for a doorstep rangoli, even for first-timers.',
      },
      {
        noun: 'Scented Candle',
        prefixes: ['Soy Wax', 'Jar', 'Floating'],
        packs: [2, 4, 6],
        price: [199, 899],
        tags: ['candle', 'fragrance'],
        blurb: 'This {item} burns clean and evenly, with notes of sandalwood and marigold.',
        variants: FRAGRANCES,
      },
      {
        noun: 'Lakshmi Ganesh Idol',
        prefixes: ['Brass', 'Marble Dust', 'Gold-plated'],
        price: [399, 2999],
        tags: ['idol', 'spiritual'],
        blurb: 'This {item} is finely detailed and sits steadily on a pooja chowki or a shelf.',
      },
      {
        noun: 'Shubh Labh Hanging',
        prefixes: ['Beaded', 'Embroidered', 'Wooden'],
        price: [149, 499],
        tags: ['festive-decor', 'door-decor'],
        returnGift: true,
        blurb: 'This {item} is a pair for either side of the door, as tradition asks.',
      },
      {
        noun: 'Urli Bowl',
        prefixes: ['Brass', 'Ceramic', 'Bell Metal'],
        price: [499, 2499],
        tags: ['home-decor', 'festive-decor'],
        blurb: 'This {item} floats flowers and tealights at the entrance or on a centre table.',
      },
      {
        noun: 'Dry Fruit Box',
        prefixes: ['Wooden', 'Velvet', 'Kraft'],
        price: [349, 1999],
        tags: ['dry-fruits', 'gourmet'],
        blurb: 'This {item} is packed with premium cashews, almonds, pistachios and raisins.',
        sizes: WEIGHTS,
      },
    ],
  },
  {
    name: 'Rakhi Gifts',
    slug: 'rakhi',
    description:
      'Rakhis, lumbas, thalis and gift sets for Raksha Bandhan, for brothers and sisters near and far.',
    scene: ['rosette', 'chocolate-bar', 'wrapped-gift'],
    tag: 'rakhi',
    occasionLines: [
      'Made for Raksha Bandhan, for brothers and sisters near and far.',
      'Comes with roli and chawal for the tilak.',
      'A Raksha Bandhan gift that travels well to another city.',
    ],
    items: [
      {
        noun: 'Rakhi',
        prefixes: ['Kundan', 'Rudraksha', 'Pearl', 'Evil Eye', 'Silver', 'Designer'],
        price: [99, 899],
        tags: ['rakhi', 'raksha-bandhan'],
        blurb: 'This {item} ties with a soft resham thread and looks festive all day.',
      },
      {
        noun: 'Rakhi Gift Set',
        prefixes: ['Bhaiya Bhabhi', 'Chocolate', 'Dry Fruit'],
        price: [399, 1999],
        tags: ['rakhi', 'hamper'],
        blurb: 'This {item} pairs rakhis with a treat to share after the tilak.',
        sizes: HAMPER_SIZES,
      },
      {
        noun: 'Lumba Rakhi Pair',
        prefixes: ['Kundan', 'Beaded', 'Meenakari'],
        price: [199, 699],
        tags: ['rakhi', 'bhabhi'],
        blurb: 'This {item} matches a rakhi for the brother with a lumba for the bhabhi.',
      },
      {
        noun: 'Rakhi Thali',
        prefixes: ['Brass', 'Handpainted', 'Silver-plated'],
        price: [249, 1299],
        tags: ['thali', 'traditional'],
        blurb: 'This {item} has a diya, a roli bowl and a space for sweets.',
      },
      {
        noun: 'Kids Rakhi',
        prefixes: ['Light-up', 'Cartoon', 'Superhero'],
        packs: [2, 3],
        price: [99, 349],
        tags: ['rakhi', 'kids'],
        blurb: 'This {item} has soft edges and a fun charm that little brothers love.',
      },
    ],
  },
  {
    name: 'Corporate Gifts',
    slug: 'corporate-gifts',
    description:
      'Desk gifts, welcome kits and festive hampers for teams, clients and partners, with bulk pricing.',
    scene: ['briefcase', 'notebook', 'hot-beverage'],
    tag: 'corporate',
    occasionLines: [
      'A gift your team, clients and partners will actually use.',
      'Ready for bulk orders, with a consistent finish across every piece.',
      'Fits Diwali, work anniversaries and new-joiner welcomes.',
    ],
    items: [
      {
        noun: 'Desk Organiser',
        prefixes: ['Bamboo', 'Wooden', 'Leatherette'],
        price: [399, 1499],
        tags: ['desk', 'office'],
        blurb: 'This {item} has slots for pens, cards and a phone, and keeps a desk tidy.',
      },
      {
        noun: 'Notebook and Pen Set',
        prefixes: ['Seed Paper', 'Leatherette', 'Kraft'],
        price: [249, 999],
        tags: ['stationery', 'office'],
        blurb: 'This {item} has 160 ruled pages and a smooth-writing pen in a matching sleeve.',
      },
      {
        noun: 'Coffee Mug',
        prefixes: ['Ceramic', 'Personalised', 'Enamel'],
        price: [249, 699],
        tags: ['mug', 'office'],
        blurb: 'This {item} holds 350 ml and is safe in the microwave and the dishwasher.',
        personalisation: {
          fields: [{ label: 'Name on mug', maxLength: 20, required: true }],
          photo: 'off',
          personalisedOnly: true,
        },
      },
      {
        noun: 'Plantable Pencil',
        prefixes: ['Tulsi Seed', 'Marigold Seed'],
        packs: [5, 10],
        packWord: 'Pack',
        price: [99, 299],
        tags: ['stationery', 'plantable'],
        returnGift: true,
        blurb: 'This {item} has a seed capsule at the end that sprouts once the pencil is planted.',
      },
      {
        noun: 'Visiting Card Holder',
        prefixes: ['Brass', 'Wooden', 'Leather'],
        price: [299, 999],
        tags: ['desk', 'office'],
        blurb: 'This {item} holds about 30 cards and sits neatly on a desk.',
      },
      {
        noun: 'Welcome Kit',
        prefixes: ['New Joiner', 'Eco', 'Premium'],
        price: [999, 3999],
        tags: ['onboarding', 'office'],
        blurb: 'This {item} bundles a notebook, a bottle, a mug and a pen in a branded box.',
        sizes: HAMPER_SIZES,
      },
      {
        noun: 'Tea Gift Box',
        prefixes: ['Assam', 'Darjeeling', 'Masala Chai', 'Green Tea'],
        price: [299, 1499],
        tags: ['tea', 'gourmet'],
        blurb: 'This {item} holds loose-leaf tea from single estates, sealed for freshness.',
        sizes: TEA_WEIGHTS,
      },
      {
        noun: 'Table Clock',
        prefixes: ['Wooden', 'Brass'],
        price: [599, 2499],
        tags: ['desk', 'home-decor'],
        blurb: 'This {item} has a silent sweep movement and runs on a single AA cell.',
      },
    ],
  },
  {
    name: "Kids' Party Favours",
    slug: 'kids-party-favours',
    description: 'Goodie bags, colouring kits and small toys that little guests take home from the party.',
    scene: ['crayon', 'party-popper', 'teddy-bear'],
    tag: 'kids',
    occasionLines: [
      'A favourite of little guests at any kids party.',
      'Keeps children busy long after the cake is cut.',
      'Safe, colourful and made for ages 3 and up.',
    ],
    items: [
      {
        noun: 'Stationery Kit',
        prefixes: ['Kids', 'Unicorn', 'Dinosaur', 'Space'],
        price: [99, 349],
        tags: ['stationery', 'return-gift'],
        returnGift: true,
        blurb: 'This {item} has pencils, an eraser, a sharpener and a ruler in a printed pouch.',
      },
      {
        noun: 'Goodie Bag',
        prefixes: ['Superhero', 'Unicorn', 'Jungle', 'Space'],
        price: [99, 299],
        tags: ['return-gift', 'party'],
        returnGift: true,
        blurb: 'This {item} is filled with stickers, a toy and a small treat.',
      },
      {
        noun: 'Colouring Kit',
        prefixes: ['Mini', 'Doodle', 'Mandala'],
        price: [79, 249],
        tags: ['art', 'return-gift'],
        returnGift: true,
        blurb: 'This {item} has a colouring book and twelve crayons in a carry pouch.',
      },
      {
        noun: 'Bubble Wand',
        prefixes: ['Rainbow', 'Giant', 'Animal'],
        packs: [6, 12],
        packWord: 'Pack',
        price: [99, 299],
        tags: ['toy', 'party'],
        blurb: 'This {item} makes a stream of bubbles from a non-toxic solution.',
      },
      {
        noun: 'Clay Modelling Kit',
        prefixes: ['Mini', 'Air-dry'],
        price: [149, 399],
        tags: ['art', 'return-gift'],
        returnGift: true,
        blurb: 'This {item} has six soft colours and simple tools for first sculptures.',
      },
      {
        noun: 'Spinning Top',
        prefixes: ['Wooden', 'Channapatna', 'LED'],
        price: [50, 199],
        tags: ['toy', 'return-gift'],
        returnGift: true,
        blurb: 'This {item} spins for ages and is a small, classic Indian toy.',
      },
      {
        noun: 'Party Hat',
        prefixes: ['Glitter', 'Animal', 'Paper'],
        packs: [6, 10, 12],
        price: [99, 349],
        tags: ['party', 'decor'],
        blurb: 'This {item} has soft elastic straps that fit children and adults.',
      },
      {
        noun: 'Sticker Book',
        prefixes: ['Animal', 'Puffy', 'Reusable'],
        price: [59, 199],
        tags: ['stickers', 'return-gift'],
        returnGift: true,
        blurb: 'This {item} has over a hundred stickers and scenes to build with them.',
      },
    ],
  },
  {
    name: 'Pooja Essentials',
    slug: 'pooja-essentials',
    description: 'Thalis, agarbatti, kalash and everything else for the daily pooja and festival rituals.',
    scene: ['diya-lamp', 'bell', 'lotus'],
    tag: 'pooja',
    occasionLines: [
      'For the daily pooja and for festival rituals alike.',
      'A thoughtful gift for the pooja room of a new home.',
      'Prepared with care, as the rituals deserve.',
    ],
    items: [
      {
        noun: 'Pooja Thali Set',
        prefixes: ['Brass', 'Steel', 'German Silver', 'Handpainted'],
        price: [299, 2499],
        tags: ['thali', 'pooja'],
        blurb: 'This {item} includes a diya, a bell, a kumkum bowl and an agarbatti stand.',
      },
      {
        noun: 'Agarbatti Box',
        prefixes: ['Sandalwood', 'Rose', 'Mogra', 'Lavender'],
        packs: [2, 4],
        packWord: 'Pack',
        price: [99, 399],
        tags: ['agarbatti', 'fragrance'],
        blurb: 'This {item} holds hand-rolled sticks that burn for about 40 minutes each.',
        sizes: ['20 Sticks', '40 Sticks', '100 Sticks'],
      },
      {
        noun: 'Dhoop Cones',
        prefixes: ['Guggal', 'Loban', 'Camphor'],
        price: [79, 249],
        tags: ['dhoop', 'fragrance'],
        blurb: 'This {item} box comes with a small stand and fills a room with fragrance.',
        sizes: ['20 Cones', '40 Cones', '60 Cones'],
      },
      {
        noun: 'Kalash',
        prefixes: ['Copper', 'Brass'],
        price: [299, 1499],
        tags: ['kalash', 'traditional'],
        blurb: 'This {item} is hand-beaten and polished for the sthapana.',
      },
      {
        noun: 'Pooja Bell',
        prefixes: ['Brass', 'Bell Metal'],
        price: [249, 999],
        tags: ['bell', 'traditional'],
        blurb: 'This {item} rings with a clear, long tone and has a Nandi on the handle.',
      },
      {
        noun: 'Pooja Chowki',
        prefixes: ['Wooden', 'Carved Wooden', 'Meenakari'],
        price: [499, 1999],
        tags: ['chowki', 'traditional'],
        blurb: 'This {item} is a sturdy low stand for idols, kalash or the pooja thali.',
      },
      {
        noun: 'Cotton Wicks',
        prefixes: ['Round', 'Long'],
        packs: [100, 200],
        packWord: 'Pack',
        price: [50, 149],
        tags: ['diya', 'pooja'],
        blurb: 'This {item} pack holds evenly rolled wicks of pure cotton for ghee or oil diyas.',
        variants: ['Pure Cotton', 'Ghee-dipped'],
      },
    ],
  },
  {
    name: 'Personalised Gifts',
    slug: 'personalised-gifts',
    description:
      'Keychains, mugs, frames and lamps made with a name or a photo, for a gift that is only theirs.',
    scene: ['framed-picture', 'key', 'hot-beverage'],
    tag: 'personalised',
    occasionLines: [
      'Made with their name, so it is a gift no one else has.',
      'A keepsake for birthdays, anniversaries and every milestone in between.',
      'Personal touches make the simplest gift memorable.',
    ],
    items: [
      {
        noun: 'Name Keychain',
        prefixes: ['Personalised', 'Personalised Wooden', 'Personalised Leather'],
        price: [99, 399],
        tags: ['keychain', 'return-gift'],
        returnGift: true,
        blurb: 'This {item} is laser-cut with the name you choose and hangs from a strong steel ring.',
        personalisation: {
          fields: [{ label: 'Name on keychain', maxLength: 15, required: true }],
          photo: 'off',
        },
      },
      {
        noun: 'Photo Mug',
        prefixes: ['Personalised', 'Magic Colour-changing'],
        price: [299, 699],
        tags: ['mug', 'photo'],
        blurb: 'This {item} is printed with your photo and message in colours that last.',
        personalisation: {
          fields: [{ label: 'Message on mug', maxLength: 40, required: false }],
          photo: 'required',
        },
      },
      {
        noun: 'Caricature Frame',
        prefixes: ['Couple', 'Family', 'Kids'],
        price: [799, 2499],
        tags: ['frame', 'photo'],
        blurb: 'This {item} is hand-drawn by our illustrators from the photos you send.',
        personalisation: {
          fields: [{ label: 'Names on frame', maxLength: 40, required: false }],
          photo: 'required',
        },
      },
      {
        noun: 'Name Pencil',
        prefixes: ['Personalised'],
        packs: [6, 12],
        packWord: 'Pack',
        price: [99, 249],
        tags: ['stationery', 'return-gift'],
        returnGift: true,
        blurb: 'This {item} set carries the child\u2019s name on every pencil.',
        personalisation: {
          fields: [{ label: 'Child\u2019s name', maxLength: 15, required: true }],
          photo: 'off',
        },
      },
      {
        noun: 'Engraved Pen',
        prefixes: ['Personalised Metal', 'Personalised Wooden'],
        price: [299, 999],
        tags: ['pen', 'office'],
        blurb: 'This {item} writes smoothly and carries a name engraved along the barrel.',
        personalisation: {
          fields: [{ label: 'Name to engrave', maxLength: 20, required: true }],
          photo: 'off',
        },
      },
      {
        noun: 'Cushion Cover',
        prefixes: ['Personalised Photo', 'Embroidered Name'],
        price: [399, 999],
        tags: ['home-decor', 'photo'],
        blurb: 'This {item} fits a 16 inch cushion and is printed to last many washes.',
        personalisation: {
          fields: [{ label: 'Name or message', maxLength: 30, required: true }],
          photo: 'optional',
        },
      },
      {
        noun: 'Photo Lamp',
        prefixes: ['Personalised LED', 'Moon'],
        price: [799, 1999],
        tags: ['lamp', 'photo'],
        blurb: 'This {item} glows warm white and shows your photo when lit.',
        personalisation: {
          fields: [{ label: 'Message on lamp', maxLength: 30, required: false }],
          photo: 'required',
        },
      },
    ],
  },
  {
    name: 'Festive Hampers',
    slug: 'festive-hampers',
    description: 'Hampers, mithai boxes and chocolate bouquets, packed to impress for every festival.',
    scene: ['basket', 'moon-cake', 'chocolate-bar'],
    tag: 'hamper',
    occasionLines: [
      'A generous hamper for Diwali, Holi, Eid, Christmas and the New Year.',
      'Packed to impress, with a greeting card for your message.',
      'A festive treat to share with the whole family.',
    ],
    items: [
      {
        noun: 'Gift Hamper',
        prefixes: ['Sweets', 'Dry Fruit', 'Tea Time', 'Gourmet', 'Wellness'],
        price: [599, 4999],
        tags: ['hamper', 'gourmet'],
        blurb: 'This {item} is packed in a keepsake basket with treats chosen to go together.',
        sizes: HAMPER_SIZES,
      },
      {
        noun: 'Mithai Box',
        prefixes: ['Kaju Katli', 'Assorted', 'Sugar-free', 'Besan Laddoo'],
        price: [349, 1499],
        tags: ['sweets', 'mithai'],
        blurb: 'This {item} is made fresh in small batches and sealed for the journey.',
        sizes: WEIGHTS,
      },
      {
        noun: 'Chocolate Bouquet',
        prefixes: ['Mini', '', 'Rose and', 'Premium'],
        price: [299, 2499],
        tags: ['chocolate', 'bouquet'],
        blurb: 'This {item} arranges chocolates like a bunch of flowers, tied with satin ribbon.',
        sizes: ['12 Chocolates', '16 Chocolates', '24 Chocolates', '30 Chocolates'],
      },
      {
        noun: 'Dry Fruit Tray',
        prefixes: ['Wooden', 'Acrylic', 'Brass'],
        price: [699, 2999],
        tags: ['dry-fruits', 'gourmet'],
        blurb: 'This {item} is filled with cashews, almonds, pistachios and dates under a clear lid.',
        sizes: WEIGHTS,
      },
      {
        noun: 'Cookie Tin',
        prefixes: ['Butter', 'Millet', 'Nankhatai'],
        price: [249, 899],
        tags: ['cookies', 'gourmet'],
        returnGift: true,
        blurb: 'This {item} is baked in small batches and packed airtight to stay crisp.',
        sizes: WEIGHTS,
      },
      {
        noun: 'Basket Hamper',
        prefixes: ['Wicker', 'Jute', 'Bamboo'],
        price: [999, 3999],
        tags: ['hamper', 'gourmet'],
        blurb: 'This {item} is filled with snacks, sweets and a candle in a reusable basket.',
        sizes: HAMPER_SIZES,
      },
    ],
  },
  {
    name: 'Thank You Gifts',
    slug: 'thank-you-gifts',
    description: 'Small, thoughtful gifts to say thank you to teachers, hosts, helpers and friends.',
    scene: ['love-letter', 'potted-plant', 'honey-pot'],
    tag: 'thank-you',
    occasionLines: [
      'A small, thoughtful way to say thank you to teachers, hosts and friends.',
      'Says thank you without saying a word.',
      'Good for Teachers Day, hosts and helpers.',
    ],
    items: [
      {
        noun: 'Seed Paper Card',
        prefixes: ['Floral', 'Plain', 'Printed'],
        packs: [5, 10],
        packWord: 'Pack',
        price: [99, 349],
        tags: ['card', 'plantable'],
        blurb: 'This {item} grows into basil or marigold when planted after reading.',
      },
      {
        noun: 'Desk Planter',
        prefixes: ['Money Plant', 'Succulent', 'Snake Plant'],
        price: [199, 699],
        tags: ['plant', 'desk'],
        returnGift: true,
        blurb: 'This {item} comes potted in a ceramic pot and thrives in indoor light.',
      },
      {
        noun: 'Honey Jar',
        prefixes: ['Wild Forest', 'Himalayan', 'Tulsi'],
        price: [199, 599],
        tags: ['honey', 'gourmet'],
        blurb: 'This {item} holds raw honey from small beekeepers, unheated and unfiltered.',
        sizes: ['250 g', '500 g', '1 kg'],
      },
      {
        noun: 'Scented Sachet',
        prefixes: ['Lavender', 'Rose', 'Vetiver'],
        packs: [3, 6],
        price: [99, 349],
        tags: ['fragrance', 'return-gift'],
        returnGift: true,
        blurb: 'This {item} freshens a wardrobe or a drawer for months.',
        variants: FRAGRANCES,
      },
      {
        noun: 'Toothbrush',
        prefixes: ['Bamboo', 'Charcoal Bamboo'],
        packs: [2, 4],
        packWord: 'Pack',
        price: [99, 299],
        tags: ['zero-waste', 'wellness'],
        returnGift: true,
        blurb: 'This {item} has a compostable handle and soft bristles.',
      },
      {
        noun: 'Tea Sampler',
        prefixes: ['Masala Chai', 'Herbal', 'Green Tea'],
        price: [249, 799],
        tags: ['tea', 'gourmet'],
        blurb: 'This {item} has six blends to try, one for every mood.',
        sizes: TEA_WEIGHTS,
      },
      {
        noun: 'Chocolate Box',
        prefixes: ['Mini', 'Assorted', 'Dark'],
        price: [149, 599],
        tags: ['chocolate', 'return-gift'],
        returnGift: true,
        blurb: 'This {item} holds handmade chocolates in a box that says thank you.',
        sizes: ['9 Pieces', '16 Pieces', '25 Pieces'],
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Who each item is for (decision 0070: the listing's recipient filter reads these tags)

const HIM: Recipient = 'for-him';
const HER: Recipient = 'for-her';
const KIDS: Recipient = 'for-kids';
const COUPLES: Recipient = 'for-couples';
const COLLEAGUES: Recipient = 'for-colleagues';
const GUESTS: Recipient = 'for-guests';

export const RECIPIENTS_OF_ITEM: Readonly<Record<string, readonly Recipient[]>> = {
  'Potli Bag': [HER, GUESTS],
  'Chocolate Bouquet': [HER, COUPLES, KIDS],
  'Water Bottle': [KIDS, GUESTS],
  'Coin Pouch': [HER, GUESTS],
  'Photo Frame': [COUPLES, HER],
  Bookmark: [GUESTS, COLLEAGUES],
  'Scented Candle': [HER, COUPLES],
  'Bonbonniere Box': [GUESTS, COUPLES],
  'Favour Pouch': [GUESTS, HER],
  'Kumkum Box': [HER, GUESTS],
  'Dry Fruit Box': [COLLEAGUES, COUPLES, HIM],
  'Ganesha Idol': [COUPLES, GUESTS],
  'Bangle Box': [HER],
  'Tealight Holder': [COUPLES, GUESTS],
  'Baby Rattle': [KIDS],
  'Muslin Swaddle': [KIDS],
  'Thank You Card': [GUESTS],
  'Succulent Planter': [COLLEAGUES, GUESTS],
  'Footprint Frame': [KIDS, COUPLES],
  'Soap Favour': [GUESTS, HER],
  'Door Toran': [COUPLES],
  'Name Plate': [COUPLES],
  'Tulsi Planter': [COUPLES],
  'Wind Chime': [COUPLES],
  'Kalash Set': [COUPLES],
  'Wall Hanging': [COUPLES],
  'Serving Tray': [COUPLES],
  Diya: [COUPLES, GUESTS],
  'Diwali Hamper': [COLLEAGUES, COUPLES],
  'Rangoli Kit': [HER, KIDS],
  'Lakshmi Ganesh Idol': [COUPLES],
  'Shubh Labh Hanging': [COUPLES],
  'Urli Bowl': [COUPLES],
  Rakhi: [HIM],
  'Rakhi Gift Set': [HIM],
  'Lumba Rakhi Pair': [COUPLES],
  'Rakhi Thali': [HER],
  'Kids Rakhi': [KIDS],
  'Desk Organiser': [COLLEAGUES, HIM],
  'Notebook and Pen Set': [COLLEAGUES, HIM],
  'Coffee Mug': [COLLEAGUES, HIM],
  'Plantable Pencil': [COLLEAGUES, KIDS],
  'Visiting Card Holder': [COLLEAGUES, HIM],
  'Welcome Kit': [COLLEAGUES],
  'Tea Gift Box': [COLLEAGUES, HIM],
  'Table Clock': [COLLEAGUES, HIM],
  'Stationery Kit': [KIDS],
  'Goodie Bag': [KIDS, GUESTS],
  'Colouring Kit': [KIDS],
  'Bubble Wand': [KIDS],
  'Clay Modelling Kit': [KIDS],
  'Spinning Top': [KIDS],
  'Party Hat': [KIDS, GUESTS],
  'Sticker Book': [KIDS],
  'Pooja Thali Set': [HER, COUPLES],
  'Agarbatti Box': [GUESTS],
  'Dhoop Cones': [GUESTS],
  Kalash: [COUPLES],
  'Pooja Bell': [COUPLES],
  'Pooja Chowki': [COUPLES],
  'Cotton Wicks': [GUESTS],
  'Name Keychain': [HIM, GUESTS],
  'Photo Mug': [HIM, HER, COUPLES],
  'Caricature Frame': [COUPLES, HIM, HER],
  'Name Pencil': [KIDS, GUESTS],
  'Engraved Pen': [HIM, COLLEAGUES],
  'Cushion Cover': [COUPLES, HER],
  'Photo Lamp': [COUPLES, HER],
  'Gift Hamper': [COLLEAGUES, COUPLES],
  'Mithai Box': [GUESTS, COLLEAGUES],
  'Dry Fruit Tray': [COLLEAGUES, HIM],
  'Cookie Tin': [KIDS, COLLEAGUES],
  'Basket Hamper': [COUPLES, COLLEAGUES],
  'Seed Paper Card': [GUESTS, COLLEAGUES],
  'Desk Planter': [COLLEAGUES],
  'Honey Jar': [GUESTS, COLLEAGUES],
  'Scented Sachet': [HER, GUESTS],
  Toothbrush: [GUESTS],
  'Tea Sampler': [COLLEAGUES, HIM],
  'Chocolate Box': [GUESTS, HER, KIDS],
};

// ---------------------------------------------------------------------------------------------
// Products every catalogue starts with

// The store shows personalisation out of the box on a return gift. (Products sold
// singly stay plain: the journeys pick those and add them to the cart from listings.)
const NAME_ON_TAG: PersonalisationConfig = {
  fields: [{ label: 'Name on tag', maxLength: 20, required: true }],
  photo: 'optional',
};

/** One of the first products: an item of CATEGORY_TEMPLATES and the choices that name it. */
type SignatureProduct = {
  categorySlug: string;
  noun: string;
  prefix: string;
  motif: string | null;
  pack: number | null;
  minQuantity?: number;
  personalisation?: PersonalisationConfig;
};

/**
 * Fixed first products: the names people try first (and the typo search 'chocolat bouqet') exist in
 * every catalogue, however small.
 */
export const SIGNATURE_PRODUCTS: readonly SignatureProduct[] = [
  { categorySlug: 'festive-hampers', noun: 'Chocolate Bouquet', prefix: '', motif: null, pack: null },
  { categorySlug: 'diwali-gifts', noun: 'Diya', prefix: 'Brass', motif: null, pack: 4 },
  {
    categorySlug: 'personalised-gifts',
    noun: 'Name Keychain',
    prefix: 'Personalised',
    motif: null,
    pack: null,
  },
  {
    categorySlug: 'birthday-return-gifts',
    noun: 'Potli Bag',
    prefix: 'Jute',
    motif: 'Ganesha',
    pack: null,
    minQuantity: 6,
    personalisation: NAME_ON_TAG,
  },
  {
    categorySlug: 'birthday-return-gifts',
    noun: 'Chocolate Bouquet',
    prefix: 'Mini',
    motif: null,
    pack: null,
  },
  {
    categorySlug: 'kids-party-favours',
    noun: 'Stationery Kit',
    prefix: 'Kids',
    motif: null,
    pack: null,
    minQuantity: 10,
  },
];

// ---------------------------------------------------------------------------------------------
// Words of names, tags and descriptions

export const ECO_WORDS =
  /\b(jute|bamboo|seed|kraft|terracotta|organic|clay|plantable|cotton|wooden|mango wood|wicker|eco|succulent|plant)\b/i;
export const HANDMADE_WORDS =
  /\b(handpainted|handmade|channapatna|madhubani|warli|meenakari|block-print|embroidered|mirror-work|macrame|gota patti|zari|ikat|carved|bell metal|terracotta|beaded|kundan|brocade)\b/i;
/** Words that keep their capital letters in running text. */
export const PROPER_WORDS = new Set(
  'Ganesha Ganesh Lakshmi Shubh Labh Diwali Rakhi Channapatna Madhubani Warli Kundan Meenakari Assam Darjeeling Himalayan Tulsi Nandi Rudraksha German LED Kaju Katli Besan Laddoo Nankhatai Bhaiya Bhabhi Masala Chai Ikat Zari Gota Patti Guggal Loban Mogra Lumba Urli Dhoop Kalash Chowki Life Of'.split(
    ' ',
  ),
);

export const GENERIC_CLOSERS = [
  'Arrives gift-wrapped with a blank greeting card for your message.',
  'Packed in a reusable cloth pouch, ready to give.',
  'Wipe clean with a soft, dry cloth.',
  'Each order is checked by hand before it is packed.',
];

// ---------------------------------------------------------------------------------------------
// Collections

const HAMPER_LIKE = /hamper|box|tray|basket|tin/i;

/** What a collection's rule looks at in a product. */
type ProductFacts = {
  categorySlug: string;
  /** The item the name was composed from ('Diya', 'Potli Bag'). */
  item: string;
  pricePaise: number;
  rating: number;
  ratingCount: number;
  tags: readonly string[];
};

type CollectionTemplate = {
  name: string;
  description: string;
  /** Fluent Emoji icons of its artwork, the main one first (artwork.ts). */
  scene: readonly string[];
  featured: boolean;
  /** Whether a product belongs in the collection. */
  fits: (product: ProductFacts) => boolean;
};

/** In display order. */
export const COLLECTION_TEMPLATES: readonly CollectionTemplate[] = [
  {
    name: 'Under ₹99 Return Gifts',
    description: 'Return gifts that cost less than ₹100 each, so the whole guest list is covered.',
    scene: ['purse', 'pencil', 'soap'],
    featured: true,
    fits: (product) => product.pricePaise <= 9900,
  },
  {
    name: 'Diwali Hampers',
    description: 'Hampers, dry fruit boxes and mithai for Diwali, ready to gift to family and clients.',
    scene: ['basket', 'diya-lamp', 'moon-cake'],
    featured: true,
    fits: (product) =>
      (product.categorySlug === 'diwali-gifts' || product.categorySlug === 'festive-hampers') &&
      HAMPER_LIKE.test(product.item),
  },
  {
    name: 'Bestsellers',
    description: 'The gifts our customers order again and again, rated 4.3 stars and above.',
    scene: ['glowing-star', 'wrapped-gift', 'bouquet'],
    featured: true,
    // Decision 0059: counted in demo reviews (at most 8 a product), no longer invented thousands.
    fits: (product) => product.rating >= 4.3 && product.ratingCount >= 5,
  },
  {
    name: 'Eco-friendly Favours',
    description: 'Jute, bamboo, terracotta and seed paper: favours that are kind to the planet.',
    scene: ['seedling', 'potted-plant', 'love-letter'],
    featured: false,
    fits: (product) => product.tags.includes('eco-friendly') && product.pricePaise <= 49_900,
  },
  {
    name: 'Made by Indian Artisans',
    description:
      'Channapatna toys, meenakari boxes, Madhubani art and more, handmade by craftspeople across India.',
    scene: ['yo-yo', 'artist-palette', 'jar'],
    featured: false,
    fits: (product) => product.tags.includes('handmade'),
  },
  {
    name: 'Corporate Desk Gifts',
    description: 'Organisers, notebooks, clocks and card holders for clients and teams.',
    scene: ['mantelpiece-clock', 'notebook', 'identification-card'],
    featured: false,
    fits: (product) => product.categorySlug === 'corporate-gifts' && product.pricePaise >= 24_900,
  },
  {
    name: 'Rakhi Specials',
    description: 'Rakhis, lumbas and Raksha Bandhan gift sets for brothers and sisters near and far.',
    scene: ['rosette', 'gem-stone', 'chocolate-bar'],
    featured: false,
    fits: (product) => product.categorySlug === 'rakhi',
  },
  {
    name: 'Premium Gifts Above ₹1,999',
    description: 'Generous hampers, idols and keepsakes for the people who matter most.',
    scene: ['basket', 'elephant', 'bottle-with-popping-cork'],
    featured: false,
    fits: (product) => product.pricePaise >= 199_900,
  },
];
