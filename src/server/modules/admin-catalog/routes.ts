import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminCategoryChanges,
  AdminCategoryList,
  AdminCategoryResponse,
  AdminCollectionChanges,
  AdminCollectionList,
  AdminCollectionResponse,
  AdminIdParams,
  AdminProductChanges,
  AdminProductList,
  AdminProductQuery,
  AdminProductResponse,
  GstRatesToConfirm,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  ImportPreview,
  ImportReport,
  MAX_IMAGE_BYTES,
  NewAdminCategory,
  NewAdminCollection,
  NewAdminProduct,
  PhotoZipResult,
  UploadedProductImage,
} from '../../../shared/api/admin';
import { readUploadedFile } from '../../http/uploads';
import { exportProductsCsv, importProductsCsv, previewProductsCsv } from './product-csv';
import { MAX_IMPORT_BYTES } from './product-csv-rows';
import { storeProductImage } from './product-images';
import { importPhotoZip, previewPhotoZip } from './product-photo-import';
import { MAX_PHOTO_ZIP_BYTES } from './product-photo-zip';

/**
 * /api/admin/products, categories and collections: the back office's catalogue. The admin check is a hook on this whole plugin and runs on request,
 * before any body is parsed or validated (admin-guard.test.ts sweeps every registered route).
 */
const TooLarge = z.object({ message: z.string(), requestId: z.string() });

export const adminCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { admin } = app;

  app.addHook('onRequest', app.requireAdmin);
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5 } });

  // ---- Products ----
  app.get(
    '/admin/products',
    { schema: { querystring: AdminProductQuery, response: { 200: AdminProductList } } },
    (req) => admin.catalog.listProducts(req.query),
  );
  app.post(
    '/admin/products',
    { schema: { body: NewAdminProduct, response: { 201: AdminProductResponse } } },
    async (req, reply) => reply.code(201).send({ product: await admin.catalog.createProduct(req.body) }),
  );
  app.get(
    '/admin/products/:id',
    { schema: { params: AdminIdParams, response: { 200: AdminProductResponse } } },
    async (req) => ({
      product: await admin.catalog.product(req.params.id),
    }),
  );
  app.patch(
    '/admin/products/:id',
    { schema: { params: AdminIdParams, body: AdminProductChanges, response: { 200: AdminProductResponse } } },
    async (req) => ({ product: await admin.catalog.updateProduct(req.params.id, req.body) }),
  );
  app.post(
    '/admin/products/:id/image',
    { schema: { params: AdminIdParams, response: { 200: AdminProductResponse, 413: TooLarge } } },
    async (req) => {
      await admin.catalog.product(req.params.id);
      const bytes = await readUploadedFile(req, {
        missing: IMAGE_TYPE_MESSAGE,
        missingField: 'Send the image as a file',
        tooLarge: IMAGE_TOO_LARGE_MESSAGE,
      });
      const image = await storeProductImage(app.imageStorage, req.params.id, bytes);
      return { product: await admin.catalog.setProductImage(req.params.id, image) };
    },
  );

  // A photo for the product form, stored before the product is (photos at creation); the
  // form then saves the product with its photos in order.
  app.post(
    '/admin/product-images',
    { schema: { response: { 200: UploadedProductImage, 413: TooLarge } } },
    async (req) => {
      const bytes = await readUploadedFile(req, {
        missing: IMAGE_TYPE_MESSAGE,
        missingField: 'Send the image as a file',
        tooLarge: IMAGE_TOO_LARGE_MESSAGE,
      });
      return { image: await storeProductImage(app.imageStorage, null, bytes) };
    },
  );

  // CSV import: the file is the body (text/csv), up to 5 MB.
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: MAX_IMPORT_BYTES },
    (_req, body, done) => done(null, body),
  );
  app.get('/admin/products/export.csv', async (_req, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="products.csv"')
      .send(await exportProductsCsv(app.db)),
  );
  app.post(
    '/admin/products/import',
    {
      schema: {
        // The parser's byte limit comes first; a character is at least a byte, so this never bites.
        body: z
          .string({ error: 'Send the CSV file as text/csv' })
          .max(MAX_IMPORT_BYTES, 'The CSV file is larger than 5 MB'),
        response: { 200: ImportReport },
      },
    },
    (req) => importProductsCsv(app.db, admin.catalog, app.productCsvPool, req.body),
  );
  // Decision 0077: a zip of photos named by SKU (the body, application/zip), previewed and then
  // applied; each photo is checked as every upload is.
  app.addContentTypeParser(
    ['application/zip', 'application/x-zip-compressed'],
    { parseAs: 'buffer', bodyLimit: MAX_PHOTO_ZIP_BYTES },
    (_request, body, done) => done(null, body),
  );
  // The parser's bodyLimit already stops a larger zip; the refinement states that bound where the
  // request-bounds test reads it (its params' maxBytes).
  const PhotoZip = z
    .instanceof(Buffer, { error: 'Send the photos as one .zip file' })
    .refine((zip) => zip.length <= MAX_PHOTO_ZIP_BYTES, {
      message: 'The zip file is larger than 60 MB',
      params: { maxBytes: MAX_PHOTO_ZIP_BYTES },
    });
  app.post(
    '/admin/products/photos-zip/preview',
    { schema: { body: PhotoZip, response: { 200: PhotoZipResult } } },
    (req) => previewPhotoZip(app.db, app.productCsvPool, req.body),
  );
  app.post(
    '/admin/products/photos-zip',
    { schema: { body: PhotoZip, response: { 200: PhotoZipResult } } },
    (req) => importPhotoZip(app.db, admin.catalog, app.imageStorage, app.productCsvPool, req.body),
  );
  // Decision 0077: what the same file would do, row by row; nothing is written.
  app.post(
    '/admin/products/import/preview',
    {
      schema: {
        body: z
          .string({ error: 'Send the CSV file as text/csv' })
          .max(MAX_IMPORT_BYTES, 'The CSV file is larger than 5 MB'),
        response: { 200: ImportPreview },
      },
    },
    (req) => previewProductsCsv(app.db, app.productCsvPool, req.body),
  );

  // ---- Categories and collections ----
  app.get('/admin/categories', { schema: { response: { 200: AdminCategoryList } } }, async () => ({
    data: await admin.catalog.listCategories(),
  }));
  app.post(
    '/admin/categories',
    { schema: { body: NewAdminCategory, response: { 201: AdminCategoryResponse } } },
    async (req, reply) => reply.code(201).send({ category: await admin.catalog.createCategory(req.body) }),
  );
  app.patch(
    '/admin/categories/:id',
    {
      schema: { params: AdminIdParams, body: AdminCategoryChanges, response: { 200: AdminCategoryResponse } },
    },
    async (req) => ({ category: await admin.catalog.updateCategory(req.params.id, req.body) }),
  );
  // Decision 0059: what still carries a GST slab the 22 September 2025 schedule retired.
  app.get('/admin/gst-rates-to-confirm', { schema: { response: { 200: GstRatesToConfirm } } }, () =>
    admin.catalog.gstRatesToConfirm(),
  );
  app.get('/admin/collections', { schema: { response: { 200: AdminCollectionList } } }, async () => ({
    data: await admin.catalog.listCollections(),
  }));
  app.post(
    '/admin/collections',
    { schema: { body: NewAdminCollection, response: { 201: AdminCollectionResponse } } },
    async (req, reply) =>
      reply.code(201).send({ collection: await admin.catalog.createCollection(req.body) }),
  );
  app.patch(
    '/admin/collections/:id',
    {
      schema: {
        params: AdminIdParams,
        body: AdminCollectionChanges,
        response: { 200: AdminCollectionResponse },
      },
    },
    async (req) => ({ collection: await admin.catalog.updateCollection(req.params.id, req.body) }),
  );
  app.delete('/admin/collections/:id', { schema: { params: AdminIdParams } }, async (req, reply) => {
    await admin.catalog.deleteCollection(req.params.id);
    return reply.code(204).send();
  });
};
