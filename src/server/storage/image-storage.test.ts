import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, productPhoto } from '../testing/admin-fixtures';
import { createTestProduct } from '../testing/order-fixtures';
import { startHangingServer } from '../testing/outage-servers';
import { setUpTestStore } from '../testing/test-store';
import { createLocalImageStorage, createS3ImageStorage, STORAGE_MESSAGES } from './image-storage';

/**
 * A small S3-compatible HTTP server started by the test (path-style: /<bucket>/<key>): it keeps
 * objects in memory and records every request, so the adapter's side of the contract (what it
 * sends, how it reads answers and errors) is checked without any service we cannot reach.
 */
function startFakeS3(options: { refuse?: boolean } = {}) {
  const objects = new Map<string, { body: Buffer; contentType: string; cacheControl: string }>();
  const requests: { method: string; url: string; headers: http.IncomingHttpHeaders }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = decodeURIComponent((request.url ?? '').split('?')[0] ?? '');
      requests.push({ method: request.method ?? '', url, headers: request.headers });
      const xmlError = (status: number, code: string) =>
        response
          .writeHead(status, { 'content-type': 'application/xml' })
          .end(
            `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
          );
      if (options.refuse) return xmlError(403, 'AccessDenied');
      if (request.method === 'PUT') {
        objects.set(url, {
          body: Buffer.concat(chunks),
          contentType: String(request.headers['content-type'] ?? ''),
          cacheControl: String(request.headers['cache-control'] ?? ''),
        });
        return response.writeHead(200, { etag: '"fake"' }).end();
      }
      const object = objects.get(url);
      if (request.method === 'GET' && object) {
        return response
          .writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length })
          .end(object.body);
      }
      return xmlError(404, 'NoSuchKey');
    });
  });
  const ready = new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
  return { objects, requests, ready, close: () => new Promise((resolve) => server.close(resolve)) };
}

const credentials = { accessKeyId: 'AKIDUTSAVTEST', secretAccessKey: 'utsav-test-secret-key' };
const webp = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: '#be123c' } })
    .webp()
    .toBuffer();

describe('S3 image storage', () => {
  const s3 = startFakeS3();
  let endpoint = '';
  beforeAll(async () => {
    endpoint = await s3.ready;
  });
  afterAll(() => s3.close());

  const storage = () =>
    createS3ImageStorage({
      bucket: 'utsav-media',
      region: 'ap-south-1',
      endpoint,
      forcePathStyle: true,
      credentials,
      timeoutMs: 5000,
    });

  it('puts the bytes under the bucket and key with their type, signed, and answers the /media path', async () => {
    const bytes = await webp();
    const publicPath = await storage().put('products/p7-abc-600.webp', bytes, 'image/webp');

    expect(publicPath).toBe('/media/products/p7-abc-600.webp');
    const put = s3.requests.at(-1)!;
    expect(put.method).toBe('PUT');
    expect(put.url).toBe('/utsav-media/products/p7-abc-600.webp');
    expect(put.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDUTSAVTEST\/\d{8}\/ap-south-1\/s3\/aws4_request, SignedHeaders=.*host.*, Signature=[0-9a-f]{64}$/,
    );
    const stored = s3.objects.get('/utsav-media/products/p7-abc-600.webp')!;
    expect(stored.body.equals(bytes)).toBe(true);
    expect(stored.contentType).toBe('image/webp');
    expect(stored.cacheControl).toBe('public, max-age=31536000, immutable');
  });

  it('reads back what it stored, and null for a key the bucket does not hold', async () => {
    const bytes = await webp();
    await storage().put('products/p8-def-300.webp', bytes, 'image/webp');

    const read = await storage().read('products/p8-def-300.webp');
    expect(read?.contentType).toBe('image/webp');
    expect(read?.bytes.equals(bytes)).toBe(true);
    expect(await storage().read('products/p8-missing-300.webp')).toBeNull();
  });

  it('never asks the bucket for a key it could not have written', async () => {
    const before = s3.requests.length;
    expect(await storage().read('../secrets.json')).toBeNull();
    await expect(storage().put('products/../../etc.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      'Not an image key',
    );
    expect(s3.requests.length).toBe(before);
  });

  it('fails the upload with a 502 a shopper can read when the bucket refuses it', async () => {
    const refusing = startFakeS3({ refuse: true });
    const refused = createS3ImageStorage({
      bucket: 'utsav-media',
      region: 'ap-south-1',
      endpoint: await refusing.ready,
      forcePathStyle: true,
      credentials,
      timeoutMs: 5000,
    });
    try {
      await expect(refused.put('products/p9-ghi-600.webp', await webp(), 'image/webp')).rejects.toMatchObject(
        { kind: 'badGateway', message: STORAGE_MESSAGES.saveRefused },
      );
    } finally {
      await refusing.close();
    }
  });
});

describe('S3 image storage that does not answer', () => {
  it('gives up after the timeout with a 503 a shopper can read, for an upload and a read', async () => {
    const hanging = await startHangingServer();
    const stranded = createS3ImageStorage({
      bucket: 'utsav-media',
      region: 'ap-south-1',
      endpoint: hanging.url,
      forcePathStyle: true,
      credentials,
      // Short, so the test does not wait the production 10 s (three tries); the mechanism is the same.
      timeoutMs: 100,
    });
    try {
      await expect(
        stranded.put('products/p9-jkl-600.webp', await webp(), 'image/webp'),
      ).rejects.toMatchObject({
        kind: 'unavailable',
        message: STORAGE_MESSAGES.saveUnavailable,
      });
      await expect(stranded.read('products/p9-jkl-600.webp')).rejects.toMatchObject({
        kind: 'unavailable',
        message: STORAGE_MESSAGES.readUnavailable,
      });
    } finally {
      await hanging.close();
    }
  });
});

describe('local image storage', () => {
  it('writes under the uploads folder and answers the /uploads path', async () => {
    const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-test-'));
    try {
      const storage = createLocalImageStorage(uploadsDir);
      const bytes = await webp();
      expect(await storage.put('products/p3-xyz-600.webp', bytes, 'image/webp')).toBe(
        '/uploads/products/p3-xyz-600.webp',
      );
      expect(fs.readFileSync(path.join(uploadsDir, 'products/p3-xyz-600.webp')).equals(bytes)).toBe(true);
      expect((await storage.read('products/p3-xyz-600.webp'))?.bytes.equals(bytes)).toBe(true);
      expect(await storage.read('products/p3-none-600.webp')).toBeNull();
      await expect(storage.put('../outside.webp', bytes, 'image/webp')).rejects.toThrow('Not an image key');
    } finally {
      fs.rmSync(uploadsDir, { recursive: true, force: true });
    }
  });
});

describe('product images with STORAGE=s3', () => {
  const s3 = startFakeS3();
  // Registered before the store, so it runs after it: the app closes before the bucket it uses.
  afterAll(() => s3.close());
  const store = setUpTestStore({
    env: async () => ({
      BACKGROUND_JOBS: 'false',
      STORAGE: 's3',
      S3_BUCKET: 'utsav-media',
      S3_ENDPOINT: await s3.ready,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    }),
  });

  it('go to the bucket, not to DATA_DIR, and the store serves them from /media/', async () => {
    const admin = await store.newAdmin();
    const product = await createTestProduct(store.database);
    const png = await productPhoto();

    const response = await store.app.inject({
      method: 'POST',
      url: `/api/admin/products/${product.id}/image`,
      ...multipartFile(png, 'diya.png', 'image/png', admin.headers),
    });

    expect(response.statusCode, response.body).toBe(200);
    const image: string = response.json().product.image;
    expect(image).toMatch(/^\/media\/products\/p\d+-[a-z0-9]+-600w\.webp$/);
    const keys = [...s3.objects.keys()];
    const key = image.replace('/media/', '');
    expect(keys).toEqual([
      `/utsav-media/${key.replace('-600w.', '-300w.')}`,
      `/utsav-media/${key.replace('-600w.', '-400w.')}`,
      `/utsav-media/${key}`,
    ]);
    expect(fs.existsSync(path.join(store.app.config.dataDir, 'uploads', 'products'))).toBe(false);

    const served = await store.app.inject({ url: image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(600);
    expect((await store.app.inject({ url: '/media/products/p1-gone-600.webp' })).statusCode).toBe(404);

    // A customer's personalisation photo is personal: no cache may keep it.
    const photo = await store.app.imageStorage.put(
      `personalisations/${'a'.repeat(32)}.webp`,
      png,
      'image/webp',
    );
    const personal = await store.app.inject({ url: photo });
    expect([personal.statusCode, personal.headers['cache-control']]).toEqual([200, 'no-store']);
  });
});
