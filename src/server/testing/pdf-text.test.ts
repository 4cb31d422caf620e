import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { drawnText } from './pdf-text';

/** A one-page PDF body the way PDFKit writes a content stream: dictionary, `stream`, bytes, `endstream`. */
function pdfWithContent(content: string): { pdf: Buffer; deflated: Buffer } {
  const deflated = deflateSync(Buffer.from(content, 'latin1'));
  const pdf = Buffer.concat([
    Buffer.from(`3 0 obj\n<<\n/Length ${deflated.length}\n/Filter /FlateDecode\n>>\nstream\n`, 'latin1'),
    deflated,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
  return { pdf, deflated };
}

describe('the text a PDF draws', () => {
  it('reads a content stream whose deflated bytes end in a carriage return', () => {
    // About one stream in 256 ends in 0x0D; a manifest of 40 parcels lost its first page to it.
    let line = 0;
    let found = pdfWithContent(`BT <${Buffer.from('PICKUP MANIFEST 0').toString('hex')}> Tj ET`);
    while (found.deflated.at(-1) !== 0x0d) {
      line += 1;
      found = pdfWithContent(`BT <${Buffer.from(`PICKUP MANIFEST ${line}`).toString('hex')}> Tj ET`);
    }
    expect(drawnText(found.pdf)).toBe(`PICKUP MANIFEST ${line}`);
  });
});
