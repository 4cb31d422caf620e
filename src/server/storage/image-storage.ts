import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { AppError, badGateway, unavailable } from '../errors';

/**
 * Where uploaded product images live (no local file may be the only copy of something
 * when several instances serve the store). Keys look like `products/p12-abc-600.webp`.
 */
export type ImageStorage = {
  kind: 'local' | 's3';
  /** Stores the bytes under the key; answers the path the storefront shows it at. */
  put(key: string, bytes: Buffer, contentType: string): Promise<string>;
  /** The path the storefront shows a key at, stored or not (the seed names pictures before it draws them). */
  pathOf(key: string): string;
  /** The stored bytes, or null when nothing is stored under the key. */
  read(key: string): Promise<{ bytes: Buffer; contentType: string } | null>;
};

/**
 * A key we wrote: a folder (product images, or customers' personalisation photos) and a file name
 * of word characters, never `..` or a leading slash.
 */
const IMAGE_KEY = /^(?:products|personalisations)\/[\w-]{1,120}\.webp$/;

/**
 * A customer's own photo (for a personalised gift) is personal, like a return's photos:
 * served `no-store`, so that no shared cache or proxy keeps a copy.
 */
export const isPersonalImage = (key: string) => key.startsWith('personalisations/');

/** The default: files under DATA_DIR/uploads, served by the store at /uploads/. */
export function createLocalImageStorage(uploadsDir: string): ImageStorage {
  const fileOf = (key: string) => {
    if (!IMAGE_KEY.test(key)) throw new Error(`Not an image key: ${key}`);
    return path.join(uploadsDir, key);
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, bytes);
      return `/uploads/${key}`;
    },
    pathOf: (key) => `/uploads/${key}`,
    async read(key) {
      try {
        return { bytes: await fs.readFile(fileOf(key)), contentType: 'image/webp' };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}

type S3Settings = {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  forcePathStyle?: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** How long connecting, and then each pause in an answer, may take (OUTSIDE_CALL_TIMEOUT_MS). */
  timeoutMs: number;
};

export const STORAGE_MESSAGES = {
  saveUnavailable: 'The picture could not be saved just now. Please try again in a minute.',
  saveRefused: 'The picture could not be saved. Please try again later.',
  readUnavailable: 'The picture cannot be shown just now. Please try again in a minute.',
} as const;

const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/**
 * A bucket that refused (4xx: keys, policy) is a 502, one that could not be reached or did not
 * answer in time a 503; either in words a shopper can read, never a 500 (decision 0053).
 */
const bucketFailure = (error: unknown, message: string, refusedMessage = message) => {
  if (error instanceof AppError) return error;
  const status = statusOf(error);
  return status !== undefined && status >= 400 && status < 500
    ? badGateway(refusedMessage)
    : unavailable(message);
};

/**
 * An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...). The store serves the images at
 * /media/<key> (same origin, so the CSP stays 'self'); a CDN or nginx can cache that path, since
 * a key is never rewritten with other bytes.
 */
export function createS3ImageStorage(settings: S3Settings): ImageStorage {
  // The AWS SDK is loaded on first use, not at start-up (a restart serves sooner).
  let sdk: Promise<{
    s3: typeof import('@aws-sdk/client-s3');
    client: import('@aws-sdk/client-s3').S3Client;
  }>;
  const s3 = () => {
    sdk ??= import('@aws-sdk/client-s3').then((module) => ({
      s3: module,
      client: new module.S3Client({
        region: settings.region,
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        forcePathStyle: settings.forcePathStyle ?? false,
        ...(settings.credentials ? { credentials: settings.credentials } : {}),
        maxAttempts: 3,
        // Without throwOnRequestTimeout the SDK only warns when the time is up, and goes on waiting.
        requestHandler: {
          connectionTimeout: settings.timeoutMs,
          requestTimeout: settings.timeoutMs,
          throwOnRequestTimeout: true,
        },
      }),
    }));
    return sdk;
  };
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      if (!IMAGE_KEY.test(key)) throw new Error(`Not an image key: ${key}`);
      const { s3: aws, client } = await s3();
      try {
        await client.send(
          new aws.PutObjectCommand({
            Bucket: settings.bucket,
            Key: key,
            Body: bytes,
            ContentType: contentType,
            CacheControl: 'public, max-age=31536000, immutable',
          }),
        );
      } catch (error) {
        throw bucketFailure(error, STORAGE_MESSAGES.saveUnavailable, STORAGE_MESSAGES.saveRefused);
      }
      return `/media/${key}`;
    },
    pathOf: (key) => `/media/${key}`,
    async read(key) {
      if (!IMAGE_KEY.test(key)) return null;
      try {
        const { s3: aws, client } = await s3();
        const object = await client.send(new aws.GetObjectCommand({ Bucket: settings.bucket, Key: key }));
        if (!object.Body) return null;
        return {
          bytes: Buffer.from(await object.Body.transformToByteArray()),
          contentType: object.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if ((error as Error).name === 'NoSuchKey' || statusOf(error) === 404) return null;
        throw bucketFailure(error, STORAGE_MESSAGES.readUnavailable);
      }
    },
  };
}

export function imageStorageFor(config: Config): ImageStorage {
  if (config.STORAGE === 's3' && config.S3_BUCKET) {
    return createS3ImageStorage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
      timeoutMs: config.OUTSIDE_CALL_TIMEOUT_MS,
    });
  }
  return createLocalImageStorage(path.join(config.dataDir, 'uploads'));
}
