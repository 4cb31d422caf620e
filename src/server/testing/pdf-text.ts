import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';

/**
 * The page content streams of a PDF as PDFKit writes them (deflated), in page order. Each stream is
 * cut by its dictionary's /Length, not by searching for `endstream`: deflated bytes are arbitrary,
 * and one that happens to end in a carriage return would otherwise be cut a byte short and lost.
 */
function contentStreams(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  const start = /\/Length (\d+)[^>]*>>\s*stream\r?\n/g;
  for (let match = start.exec(raw); match; match = start.exec(raw)) {
    const from = match.index + match[0].length;
    const to = from + Number(match[1]);
    try {
      streams.push(inflateSync(pdf.subarray(from, to)).toString('latin1'));
    } catch {}
    start.lastIndex = to;
  }
  return streams;
}

/** The text a PDF's pages draw, as PDFKit writes it: hex strings inside deflated content streams. */
export function drawnText(pdf: Buffer): string {
  const texts: string[] = [];
  for (const content of contentStreams(pdf))
    for (const hex of content.matchAll(/<([0-9a-fA-F]+)>/g))
      texts.push(Buffer.from(hex[1] ?? '', 'hex').toString('latin1'));
  return texts.join('');
}

/** One line of text as drawn: its box in PDF points (origin bottom left) and its words. */
export type TextRun = {
  page: number;
  left: number;
  right: number;
  bottom: number;
  top: number;
  text: string;
};

/**
 * Every line PDFKit drew, with the box it takes (its width from the font's metrics), so a test can
 * check that no two lines overlap and that none runs off its page. PDFKit names its standard fonts
 * /F1, /F2… in the document's resources and draws each line as `x y Tm /Fn size Tf [...] TJ`.
 */
export function drawnTextRuns(pdf: Buffer): TextRun[] {
  const raw = pdf.toString('latin1');
  const baseFontOfObject = new Map<string, string>();
  for (const match of raw.matchAll(/(\d+) 0 obj\s*<<[^>]*?\/BaseFont \/([\w-]+)/g))
    baseFontOfObject.set(match[1] ?? '', match[2] ?? '');
  const fontOfName = new Map<string, string>();
  for (const match of raw.matchAll(/\/(F\d+) (\d+) 0 R/g))
    fontOfName.set(match[1] ?? '', baseFontOfObject.get(match[2] ?? '') ?? 'Helvetica');
  const metrics = new PDFDocument({ autoFirstPage: false });
  const runs: TextRun[] = [];
  contentStreams(pdf).forEach((content, page) => {
    const blocks = content.matchAll(
      /1 0 0 1 ([\d.-]+) ([\d.-]+) Tm\s*\/(F\d+) ([\d.]+) Tf\s*\[([^\]]*)\] TJ/g,
    );
    for (const [, x, y, font, size, array] of blocks) {
      const text = [...(array ?? '').matchAll(/<([0-9a-fA-F]*)>/g)]
        .map((hex) => Buffer.from(hex[1] ?? '', 'hex').toString('latin1'))
        .join('');
      const fontSize = Number(size);
      const width = metrics
        .font(fontOfName.get(font ?? '') ?? 'Helvetica')
        .fontSize(fontSize)
        .widthOfString(text);
      const left = Number(x);
      const bottom = Number(y);
      runs.push({ page, left, right: left + width, bottom, top: bottom + fontSize * 0.75, text });
    }
  });
  return runs;
}

/** Pairs of lines on one page whose boxes overlap (by more than a rounding error). */
export function overlappingRuns(runs: readonly TextRun[]): [string, string][] {
  const overlaps: [string, string][] = [];
  runs.forEach((a, index) => {
    for (const b of runs.slice(index + 1)) {
      if (a.page !== b.page || !a.text.trim() || !b.text.trim()) continue;
      const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const down = Math.min(a.top, b.top) - Math.max(a.bottom, b.bottom);
      if (across > 0.5 && down > 0.5) overlaps.push([a.text, b.text]);
    }
  });
  return overlaps;
}
