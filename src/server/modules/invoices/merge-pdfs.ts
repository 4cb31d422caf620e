import { PDFDocument } from 'pdf-lib';

/**
 * Many PDFs as one, their pages in the order given: the courier's labels, printed together. The
 * pages are copied as they are (a label is the courier's own drawing, never redrawn here).
 */
export async function mergePdfs(pdfs: readonly Uint8Array[]): Promise<Uint8Array> {
  const merged = await PDFDocument.create();
  for (const bytes of pdfs) {
    const source = await PDFDocument.load(bytes);
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return merged.save();
}
