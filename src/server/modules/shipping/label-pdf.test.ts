import { describe, expect, it } from 'vitest';
import { drawnText } from '../../testing/pdf-text';
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
