// Runs in a worker thread of the label pool (label-pool.ts): a label's barcode and layout never
// hold the event loop that answers requests (decision 0024).
import { type LabelContent, renderLabelPdf } from './label-pdf';

export default async function renderLabel(label: LabelContent): Promise<Uint8Array> {
  return new Uint8Array(await renderLabelPdf(label));
}
