import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { ORDER_STATUSES } from '../../shared/order-status';

// For the back office's tests: uploads, its routes and its status changes.

/** A 900×700 PNG, as a shop owner's photo of a product might be. */
export const productPhoto = () =>
  sharp({ create: { width: 900, height: 700, channels: 3, background: '#f97316' } })
    .png()
    .toBuffer();

/** A multipart upload of one file in the `file` field, as the back office's image form sends it. */
export function multipartFile(
  bytes: Buffer,
  filename: string,
  type: string,
  headers: Record<string, string>,
) {
  const boundary = '----admin-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * Every route of the app as METHOD and full path, read from Fastify's printed route tree (each
 * level is indented by four characters and holds the path segment after its parent's).
 */
export function registeredRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const found: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const segment = match[2] ?? '';
    stack.length = depth;
    const url = `${stack.at(-1) ?? ''}${segment}`;
    stack.push(url);
    for (const method of (match[3] ?? '').split(',').map((part) => part.trim())) {
      if (method) found.push({ method, url });
    }
  }
  return found;
}

/** The status machine's steps from an unpaid order to its delivery (DESIGN 4). */
export const STEPS_TO_DELIVERED = ORDER_STATUSES.slice(
  ORDER_STATUSES.indexOf('paid'),
  ORDER_STATUSES.indexOf('delivered') + 1,
);

/** Moves an order through the back office's status changes, failing on any refusal. */
export async function moveOrderAlong(
  app: FastifyInstance,
  adminHeaders: Record<string, string>,
  orderId: string,
  statuses: readonly string[],
) {
  for (const status of statuses) {
    const response = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/status`,
      headers: adminHeaders,
      payload: { status, note: '' },
    });
    if (response.statusCode !== 200) {
      throw new Error(
        `Moving order ${orderId} to ${status} failed with ${response.statusCode}: ${response.body}`,
      );
    }
  }
}

/**
 * Decision 0066: the owner approves a return (its reverse pickup is booked) and marks its items
 * received and checked, which makes the refund; answers the approval's response.
 */
export async function approveAndReceive(
  app: FastifyInstance,
  adminHeaders: Record<string, string>,
  returnId: number,
) {
  const approved = await app.inject({
    method: 'POST',
    url: `/api/admin/returns/${returnId}/approve`,
    headers: adminHeaders,
    payload: { note: '' },
  });
  if (approved.statusCode !== 200) return approved;
  return app.inject({
    method: 'POST',
    url: `/api/admin/returns/${returnId}/received`,
    headers: adminHeaders,
    payload: { note: '' },
  });
}
