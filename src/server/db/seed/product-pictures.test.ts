import { describe, expect, it } from 'vitest';
import { addOnPictures, DEMO_ADD_ONS } from './add-ons';
import { hasIcon } from './artwork';
import {
  DEFAULT_PRODUCT_COUNT,
  generateCategories,
  generateCollections,
  generateProducts,
} from './catalogue';
import { CATEGORY_TEMPLATES } from './catalogue-data';
import { DRAWN_ICONS } from './drawn-icons';
import { pictureOf, RULE_ICONS } from './product-pictures';

/**
 * Decision 0070: what a shopper should see for each item the demo catalogue sells, written from the
 * item's noun. A hamper is its basket; the drawn ones are items the icon set has no picture of.
 */
const SUBJECT_OF_NOUN: Readonly<Record<string, string>> = {
  'Potli Bag': 'potli-bag',
  'Chocolate Bouquet': 'chocolate-bouquet',
  'Water Bottle': 'water-bottle',
  'Coin Pouch': 'purse',
  'Photo Frame': 'framed-picture',
  Bookmark: 'bookmark',
  'Scented Candle': 'candle',
  'Bonbonniere Box': 'wrapped-gift',
  'Favour Pouch': 'clutch-bag',
  'Kumkum Box': 'jar',
  'Dry Fruit Box': 'chestnut',
  'Ganesha Idol': 'elephant',
  'Bangle Box': 'ring',
  'Tealight Holder': 'candle',
  'Baby Rattle': 'maracas',
  'Muslin Swaddle': 'baby',
  'Thank You Card': 'love-letter',
  'Succulent Planter': 'cactus',
  'Footprint Frame': 'framed-picture',
  'Soap Favour': 'soap',
  'Door Toran': 'door',
  'Name Plate': 'house',
  'Tulsi Planter': 'potted-plant',
  'Wind Chime': 'wind-chime',
  'Kalash Set': 'amphora',
  'Wall Hanging': 'framed-picture',
  'Serving Tray': 'teapot',
  Diya: 'diya-lamp',
  'Diwali Hamper': 'basket',
  'Rangoli Kit': 'artist-palette',
  'Lakshmi Ganesh Idol': 'elephant',
  'Shubh Labh Hanging': 'red-paper-lantern',
  'Urli Bowl': 'lotus',
  Rakhi: 'rosette',
  'Rakhi Gift Set': 'basket',
  'Lumba Rakhi Pair': 'rosette',
  'Rakhi Thali': 'rosette',
  'Kids Rakhi': 'rosette',
  'Desk Organiser': 'card-file-box',
  'Notebook and Pen Set': 'notebook',
  'Coffee Mug': 'hot-beverage',
  'Plantable Pencil': 'pencil',
  'Visiting Card Holder': 'identification-card',
  'Welcome Kit': 'basket',
  'Tea Gift Box': 'teapot',
  'Table Clock': 'mantelpiece-clock',
  'Stationery Kit': 'crayon',
  'Goodie Bag': 'shopping-bags',
  'Colouring Kit': 'crayon',
  'Bubble Wand': 'bubbles',
  'Clay Modelling Kit': 'paintbrush',
  'Spinning Top': 'yo-yo',
  'Party Hat': 'party-popper',
  'Sticker Book': 'open-book',
  'Pooja Thali Set': 'diya-lamp',
  'Agarbatti Box': 'fire',
  'Dhoop Cones': 'fire',
  Kalash: 'amphora',
  'Pooja Bell': 'bell',
  'Pooja Chowki': 'chair',
  'Cotton Wicks': 'diya-lamp',
  'Name Keychain': 'key',
  'Photo Mug': 'hot-beverage',
  'Caricature Frame': 'framed-picture',
  'Name Pencil': 'pencil',
  'Engraved Pen': 'fountain-pen',
  'Cushion Cover': 'couch-and-lamp',
  'Photo Lamp': 'light-bulb',
  'Gift Hamper': 'basket',
  'Mithai Box': 'moon-cake',
  'Dry Fruit Tray': 'chestnut',
  'Cookie Tin': 'cookie',
  'Basket Hamper': 'basket',
  'Seed Paper Card': 'love-letter',
  'Desk Planter': 'potted-plant',
  'Honey Jar': 'honey-pot',
  'Scented Sachet': 'blossom',
  Toothbrush: 'toothbrush',
  'Tea Sampler': 'teacup-without-handle',
  'Chocolate Box': 'chocolate-bar',
  'Greeting Card': 'love-letter',
  'Teddy Bear': 'teddy-bear',
  'Balloon Bunch': 'balloon',
  'Birthday Candle Set': 'candle',
};

describe('demo pictures', () => {
  it("show every seeded product's kind: its name's noun maps to its main picture's subject", () => {
    let checked = 0;
    for (const product of generateProducts(DEFAULT_PRODUCT_COUNT)) {
      expect(product.name, product.name).toContain(product.item);
      const main = product.pictures[0];
      const subject = main?.layout === 'hamper' ? 'basket' : main?.icons[0];
      expect({ name: product.name, subject }).toEqual({
        name: product.name,
        subject: SUBJECT_OF_NOUN[product.item],
      });
      checked++;
    }
    expect(checked).toBe(DEFAULT_PRODUCT_COUNT);
  });

  it("show each demo add-on's kind: its noun maps to its main picture's subject (decision 0079)", () => {
    expect(
      DEMO_ADD_ONS.map((addOn) => {
        expect(addOn.name, addOn.name).toContain(addOn.noun.split(' ')[0]);
        return [addOn.noun, addOnPictures(addOn)[0]?.icons[0]];
      }),
    ).toEqual(DEMO_ADD_ONS.map((addOn) => [addOn.noun, SUBJECT_OF_NOUN[addOn.noun]]));
  });

  it('show a potli as a drawn potli and a chocolate bouquet as chocolates, not a coin purse or flowers', () => {
    const potli = pictureOf('Potli Bag', 'Jute Potli Bag with Ganesha Motif', ['birthday-cake']);
    const bouquet = pictureOf('Chocolate Bouquet', 'Mini Chocolate Bouquet, 16 Chocolates', ['basket']);
    expect(potli.icons).toEqual(['potli-bag']);
    expect(bouquet.icons).toEqual(['chocolate-bouquet']);
    expect(Object.keys(DRAWN_ICONS)).toEqual(
      expect.arrayContaining(['potli-bag', 'chocolate-bouquet', 'water-bottle']),
    );
    expect(pictureOf('Plantable Pencil', 'Seed Plantable Pencil Pack of 10', ['briefcase']).icons[0]).toBe(
      'pencil',
    );
  });

  it('fill a hamper by the words of its name', () => {
    expect(pictureOf('Diwali Hamper', 'Dry Fruit Diwali Hamper, Grand', ['diya-lamp'])).toEqual({
      icons: ['chestnut', 'peanuts', 'honey-pot'],
      hamper: true,
    });
  });

  it("fall back to the category's first item for an item no table knows", () => {
    expect(pictureOf('Mystery Gift', 'Mystery Gift', ['birthday-cake', 'balloon'])).toEqual({
      icons: ['birthday-cake'],
      hamper: false,
    });
  });

  it('have a subject for every item the catalogue sells', () => {
    const nouns = new Set(CATEGORY_TEMPLATES.flatMap((category) => category.items.map((item) => item.noun)));
    expect([...nouns].filter((noun) => !(noun in SUBJECT_OF_NOUN))).toEqual([]);
  });

  it('name only icons that exist in Fluent Emoji Flat or are drawn', () => {
    const scenes = [...generateCategories(), ...generateCollections()].flatMap((seed) => seed.picture.icons);
    for (const icon of [...RULE_ICONS, ...scenes, 'basket', 'sparkles'])
      expect(hasIcon(icon), icon).toBe(true);
  });
});
