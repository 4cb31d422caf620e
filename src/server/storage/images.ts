import os from 'node:os';
import sharp from 'sharp';
import { invalid } from '../errors';

/** The image types the store takes, told apart by their first bytes, never by name or header. */
export type ImageFormat = 'jpeg' | 'png' | 'webp';

// A 31 KB PNG can claim 16000×16000 pixels (1 GB decoded). Every sharp call gets this
// limit, so a header that lies about its size is stopped by the decoder as well.
export const MAX_IMAGE_PIXELS = 40_000_000;
export const IMAGE_TOO_LARGE_MESSAGE = 'Please upload an image of at most 40 megapixels.';

// sharp decodes on libuv's thread pool, not the event loop; these caps keep ten uploads at once
// from holding ten decoded images in memory: one image at a time per core (two at most).
const IMAGE_JOBS_AT_ONCE = Math.max(1, Math.min(2, os.availableParallelism()));
sharp.concurrency(1);

/** What the first bytes say the file is; undefined for SVG, GIF, HEIC and anything else. */
export function sniffImageFormat(bytes: Buffer): ImageFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return undefined;
}

export interface ImageUse {
  /** The types this use takes (a subset of JPEG, PNG and WebP). */
  accept: readonly ImageFormat[];
  /** The message when the type is not one of them; the use's spec fixes its words. */
  typeMessage: string;
  quality: number;
}

let running = 0;
const waiting: (() => void)[] = [];

async function oneAtATime<T>(job: () => Promise<T>): Promise<T> {
  if (running >= IMAGE_JOBS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await job();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

const isOverPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

function refuse(message: string): never {
  throw invalid(message, [{ path: 'file', message }]);
}

/**
 * The one way the store reads an uploaded image: the type from the bytes' signature, then the
 * header's size (sharp reads only the header), then a WebP copy at each longest side asked for,
 * upright and without metadata such as the camera's location. Refusals are 400s a shopper can read.
 */
export async function reencodeImage(
  bytes: Buffer,
  use: ImageUse,
  sides: readonly number[],
): Promise<Buffer[]> {
  const format = sniffImageFormat(bytes);
  if (!format || !use.accept.includes(format)) refuse(use.typeMessage);
  const options = { limitInputPixels: MAX_IMAGE_PIXELS } as const;
  let size: { width?: number; height?: number; format?: string };
  try {
    size = await sharp(bytes, options).metadata();
  } catch (error) {
    refuse(isOverPixelLimit(error) ? IMAGE_TOO_LARGE_MESSAGE : use.typeMessage);
  }
  if (size.format !== format) refuse(use.typeMessage);
  if (!size.width || !size.height) refuse(use.typeMessage);
  if (size.width * size.height > MAX_IMAGE_PIXELS) refuse(IMAGE_TOO_LARGE_MESSAGE);
  return oneAtATime(async () => {
    const copies: Buffer[] = [];
    for (const side of sides) {
      try {
        copies.push(
          await sharp(bytes, options)
            .rotate()
            .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
            .webp({ quality: use.quality })
            .toBuffer(),
        );
      } catch (error) {
        refuse(isOverPixelLimit(error) ? IMAGE_TOO_LARGE_MESSAGE : use.typeMessage);
      }
    }
    return copies;
  });
}

// A customer's photo (of a return, of a thank-you) is kept small: 1600 pixels a side.
const CUSTOMER_PHOTO_SIDE = 1600;

/**
 * A photo a customer sends the store (a return's, a gift's thank-you): a JPEG, PNG or WebP,
 * re-encoded as one small WebP without its metadata (e.g. where it was taken).
 */
export async function customerPhotoWebp(bytes: Buffer): Promise<Buffer> {
  const [webp] = await reencodeImage(
    bytes,
    { accept: ['jpeg', 'png', 'webp'], typeMessage: 'Please upload a JPEG, PNG or WebP photo.', quality: 80 },
    [CUSTOMER_PHOTO_SIDE],
  );
  if (!webp) throw new Error('Re-encoding a photo answered no copy');
  return webp;
}

/**
 * A stored image as a JPEG for a PDF (PDFKit draws JPEG and PNG, not the WebP the store keeps), at
 * most `side` pixels a side: enough for a packer to see what to print, small enough for a pile.
 */
export async function jpegForPrint(bytes: Buffer, side: number): Promise<Buffer> {
  return oneAtATime(() =>
    sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer(),
  );
}
