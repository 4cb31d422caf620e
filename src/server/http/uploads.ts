import type { FastifyRequest } from 'fastify';
import { invalid, tooLarge } from '../errors';

/**
 * The one file of a multipart upload (the routes register @fastify/multipart with their own size
 * limit), read whole. No file is a 400 with `missing` on the `file` field; a file over the limit
 * is a 413 with `tooLarge`, and nothing has been stored.
 */
export async function readUploadedFile(
  request: FastifyRequest,
  messages: { missing: string; missingField?: string; tooLarge: string },
): Promise<Buffer> {
  const file = request.isMultipart() ? await request.file() : undefined;
  if (!file)
    throw invalid(messages.missing, [{ path: 'file', message: messages.missingField ?? messages.missing }]);
  try {
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(messages.tooLarge);
    throw error;
  }
}
