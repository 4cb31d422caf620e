import { describe, expect, it } from 'vitest';
import { LONG_ADDRESS } from '../../testing/long-address';
import { drawnText, drawnTextRuns, overlappingRuns } from '../../testing/pdf-text';
import { MARGIN } from './invoice-pdf';
import { renderOrderDocumentsPdf } from './order-documents-pdf';

describe('the packing slip', () => {
  it('wraps a 250-character address within the page, overlapping nothing', async () => {
    const pdf = await renderOrderDocumentsPdf([
      {
        slip: {
          storeName: 'Utsav Gifts',
          orderNumber: 'RG-10063',
          deliverTo: ['Meera Iyer', LONG_ADDRESS, 'Bengaluru 560066, Karnataka', 'Phone 9845011111'],
          deliverOn: 'Sat, 12 Dec, Midnight (11 PM - 11:59 PM)',
          items: [
            {
              key: '4|',
              name: 'Brass Diya Set of 4 with Engraved Lotus Motif and Gift Box',
              quantity: 2,
              amount: 1198,
              personalisation: { fields: [{ label: 'Name on the box', value: 'Meera' }], photo: null },
              cardMessage: null,
            },
            // Decision 0079: the greeting card carries the gift message.
            {
              key: '9|',
              name: 'Diwali Greeting Card',
              quantity: 1,
              amount: 99,
              personalisation: null,
              cardMessage: 'Happy Diwali, Meera! With love from all of us in Pune.',
            },
          ],
          quantityDiscounts: [],
          discount: null,
          fees: [
            { label: 'Shipping', amount: 0 },
            { label: 'Midnight delivery', amount: 199 },
          ],
          total: 1496,
          giftMessage: null,
          codToCollect: 1496,
        },
        invoice: null,
      },
    ]);
    const runs = drawnTextRuns(pdf);
    expect(overlappingRuns(runs)).toEqual([]);
    for (const run of runs) {
      expect(run.page).toBe(0);
      expect(run.left).toBeGreaterThanOrEqual(MARGIN - 1);
      expect(run.right).toBeLessThanOrEqual(595.28 - MARGIN + 1);
    }
    expect(drawnText(pdf)).toContain('landmark: the blue water tank');
    expect(drawnText(pdf)).toContain('Name on the box: Meera');
    expect(drawnText(pdf)).toContain('Midnight delivery Rs. 199');
    expect(drawnText(pdf)).toContain('Write in the card:');
    expect(drawnText(pdf)).toContain('With love from all of us in Pune.');
  });
});
