import { describe, expect, it } from 'vitest';
import { LONG_ADDRESS } from '../../testing/long-address';
import { drawnText, drawnTextRuns, overlappingRuns } from '../../testing/pdf-text';
import { type LabelContent, renderLabelPdf } from './label-pdf';

const label: LabelContent = {
  awb: 'SBX000042123',
  courierName: 'Utsav Sandbox Express',
  orderNumber: 'RG-10042',
  to: {
    name: 'Asha Rao',
    address: '12 MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560001',
    phone: '9876543210',
  },
  from: { name: 'Utsav Gifts', address: 'Bengaluru' },
  weightGrams: 600,
  dimensionsCm: '20 x 15 x 20',
  codRupees: null,
};

describe('the shipping label', () => {
  it('prints the cash the courier collects on a COD parcel, and Prepaid otherwise (decision 0042)', async () => {
    const cod = drawnText(await renderLabelPdf({ ...label, codRupees: 1049 }));
    expect(cod).toContain('COD Rs. 1,049.00 to collect');
    const prepaid = drawnText(await renderLabelPdf(label));
    expect(prepaid).toContain('Prepaid');
    expect(prepaid).not.toContain('to collect');
  });
});

describe('a label that holds any address', () => {
  it('keeps a 250-character address on its one 4 x 6 inch page, overlapping nothing', async () => {
    const pdf = await renderLabelPdf({
      ...label,
      to: { ...label.to, address: LONG_ADDRESS },
      from: { name: 'Utsav Gifts Private Limited', address: LONG_ADDRESS },
      codRupees: 1049,
    });
    const runs = drawnTextRuns(pdf);
    expect(overlappingRuns(runs)).toEqual([]);
    for (const run of runs) {
      expect(run.page).toBe(0);
      expect(run.left).toBeGreaterThanOrEqual(14 - 1);
      expect(run.right).toBeLessThanOrEqual(288 - 14 + 1);
      expect(run.bottom).toBeGreaterThan(0);
    }
    expect(drawnText(pdf)).toContain('Phone 9876543210');
  });
});
