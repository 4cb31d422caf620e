import zlib from 'node:zlib';
import sharp from 'sharp';

/**
 * A real, valid PNG of 16000×16000 pixels (256 megapixels, about 1 GB once decoded by
 * sharp) in some 30 KB: one-bit grey rows of zeros compress to almost nothing. Written chunk by
 * chunk because encoding it with sharp takes half a minute.
 */
export function pngBomb(side = 16_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const row = 1 + Math.ceil(side / 8); // a filter byte, then the row's bits
  const pixels = zlib.deflateSync(Buffer.alloc(row * side), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

export const svgImage = () =>
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
  );

export const gifImage = () =>
  sharp({ create: { width: 10, height: 10, channels: 3, background: '#16a34a' } })
    .gif()
    .toBuffer();
