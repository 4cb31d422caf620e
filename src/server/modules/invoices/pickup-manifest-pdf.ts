import { rs } from '../../pdf-amounts';
import { MARGIN, startPdf } from './invoice-pdf';

/** Decision 0077: the parcels of one booking job, as the courier's pickup agent signs for them. */
export type PickupManifest = {
  storeName: string;
  /** India time, as printed: '10 Mar 2031, 10:30 am'. */
  printedAt: string;
  courier: string;
  parcels: {
    orderNumber: string;
    awb: string;
    courier: string;
    consignee: string;
    /** 'Bengaluru 560001' */
    destination: string;
    weightGrams: number;
    /** Rupees the courier collects at the door; null for a prepaid parcel. */
    codToCollect: number | null;
  }[];
};

const COLUMNS = [
  { title: '#', width: 28 },
  { title: 'Order', width: 70 },
  { title: 'AWB', width: 95 },
  { title: 'Consignee', width: 110 },
  { title: 'Destination', width: 92 },
  { title: 'Weight', width: 42 },
  { title: 'COD to collect', width: 78 },
] as const;

const kg = (grams: number) => `${(grams / 1000).toFixed(2)} kg`;

/** One table of every parcel handed over, its totals and the two signatures. */
export function renderPickupManifestPdf(manifest: PickupManifest): Promise<Buffer> {
  const { doc, done } = startPdf({
    Title: `Pickup manifest, ${manifest.parcels.length} parcels`,
    Author: manifest.storeName,
  });
  doc.font('Helvetica-Bold').fontSize(18).text('PICKUP MANIFEST', MARGIN, MARGIN);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`${manifest.storeName} - courier: ${manifest.courier} - printed ${manifest.printedAt}`);
  doc.moveDown(1);

  const row = (cells: readonly string[], bold: boolean) => {
    if (doc.y > doc.page.height - MARGIN - 40) doc.addPage();
    const y = doc.y;
    let x = MARGIN;
    let bottom = y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    cells.forEach((cell, index) => {
      const width = COLUMNS[index]!.width;
      doc.text(cell, x, y, { width: width - 4 });
      bottom = Math.max(bottom, doc.y);
      x += width;
    });
    doc.y = bottom + 3;
  };
  row(
    COLUMNS.map((column) => column.title),
    true,
  );
  for (const [index, parcel] of manifest.parcels.entries()) {
    row(
      [
        String(index + 1),
        parcel.orderNumber,
        parcel.awb,
        parcel.consignee,
        parcel.destination,
        kg(parcel.weightGrams),
        parcel.codToCollect === null ? 'Prepaid' : rs(parcel.codToCollect),
      ],
      false,
    );
  }
  const weight = manifest.parcels.reduce((sum, parcel) => sum + parcel.weightGrams, 0);
  const cod = manifest.parcels.reduce((sum, parcel) => sum + (parcel.codToCollect ?? 0), 0);
  doc.moveDown(1);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(
      `${manifest.parcels.length} parcels, ${kg(weight)}; cash on delivery to collect ${rs(cod)}`,
      MARGIN,
    );
  doc.moveDown(3);
  doc.font('Helvetica').fontSize(10);
  doc.text('Handed over by (store): ____________________    Signature: ______________    Date: ________');
  doc.moveDown(2);
  doc.text('Received by (courier):  ____________________    Signature: ______________    Parcels: ______');
  doc.end();
  return done;
}
