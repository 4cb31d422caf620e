import { describe, expect, it } from 'vitest';
import { DEFAULT_PACKAGING_BOXES, PackagingBoxesText, parcelOfOrder, parsePackagingBoxes } from './parcel';

// A jute potli bag as it is packed: 40 g, 14 x 10 x 3 cm.
const POTLI = { weightGrams: 40, lengthCm: 14, breadthCm: 10, heightCm: 3 };

describe('parcelOfOrder', () => {
  it('packs 6 potli bags in the smallest box that holds them, not one bag multiplied', () => {
    // Six bags are 240 g and 2,520 cm³: the small box (20 x 15 x 12 cm inside, 100 g empty).
    expect(parcelOfOrder([{ size: POTLI, quantity: 6 }])).toEqual({
      weightGrams: 340,
      lengthCm: 20,
      breadthCm: 15,
      heightCm: 12,
    });
  });

  it('moves to a larger box when the items outgrow the smaller one', () => {
    // 25 bags are 10,500 cm³: more than the small and medium boxes hold at 90 %.
    expect(parcelOfOrder([{ size: POTLI, quantity: 25 }])).toEqual({
      weightGrams: 1000 + 350,
      lengthCm: 40,
      breadthCm: 30,
      heightCm: 25,
    });
  });

  it('ships one unit in its own box, as packed', () => {
    const hamper = { weightGrams: 1500, lengthCm: 35, breadthCm: 25, heightCm: 15 };
    expect(parcelOfOrder([{ size: hamper, quantity: 1 }])).toEqual(hamper);
  });

  it('stacks units too long for every box, as before', () => {
    const rangoliMat = { weightGrams: 900, lengthCm: 80, breadthCm: 10, heightCm: 10 };
    expect(parcelOfOrder([{ size: rangoliMat, quantity: 2 }])).toEqual({
      weightGrams: 1800,
      lengthCm: 80,
      breadthCm: 10,
      heightCm: 20,
    });
  });

  it("uses the owner's own boxes", () => {
    const boxes = parsePackagingBoxes(
      'Potli pouch: 16 x 12 x 10 cm, 30 g\nBig carton: 60 x 40 x 40 cm, 800 g',
    );
    expect(boxes).toEqual([
      { name: 'Potli pouch', lengthCm: 16, breadthCm: 12, heightCm: 10, weightGrams: 30 },
      { name: 'Big carton', lengthCm: 60, breadthCm: 40, heightCm: 40, weightGrams: 800 },
    ]);
    expect(parcelOfOrder([{ size: POTLI, quantity: 3 }], boxes!)).toEqual({
      weightGrams: 150,
      lengthCm: 16,
      breadthCm: 12,
      heightCm: 10,
    });
  });
});

describe('the packaging boxes setting', () => {
  it('refuses a line that is not a box, naming the form a box takes', () => {
    const checked = PackagingBoxesText.safeParse('Small box: 20 x 15 x 12 cm, 100 g\nbig one');
    expect(checked.success).toBe(false);
    expect(checked.error?.issues[0]?.message).toBe(
      'Write one box a line as its name, inside size and empty weight, like "Small box: 20 x 15 x 12 cm, 100 g"',
    );
    expect(
      parsePackagingBoxes('Small box: 20 x 15 x 12 cm, 100 g; Medium box: 30 x 25 x 15 cm, 200 g'),
    ).toEqual(DEFAULT_PACKAGING_BOXES.slice(0, 2));
  });
});
