// Where an infinite scroll's next page starts (GET /api/products `cursor`, answered as nextCursor).
// A listing in a sort order continues after the last product it showed, by its sort value and id
// (keyset): a product added or removed meanwhile shifts nothing, and the database starts from the
// index entry instead of counting past every earlier row. A search's ranked matches are held in
// memory, so its cursor is a position in them.
import { invalid } from '../../errors';

export type ListingCursor =
  /** After the product with this sort value (as the database prints it) and id, in `sort` order. */
  | { kind: 'after'; sort: string; value: string; id: number }
  /** A position in a search's ranked matches. */
  | { kind: 'offset'; offset: number };

export function encodeCursor(cursor: ListingCursor): string {
  const parts = cursor.kind === 'after' ? [cursor.sort, cursor.value, cursor.id] : [cursor.offset];
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/** The cursor, or a 400 'cursor is not valid' for anything this server did not write. */
export function decodeCursor(text: string): ListingCursor {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid('cursor is not valid');
  }
  if (Array.isArray(parts)) {
    const [first, value, id] = parts as unknown[];
    if (parts.length === 1 && Number.isSafeInteger(first) && (first as number) >= 0)
      return { kind: 'offset', offset: first as number };
    if (
      parts.length === 3 &&
      typeof first === 'string' &&
      typeof value === 'string' &&
      value.length <= 100 &&
      Number.isSafeInteger(id) &&
      (id as number) > 0 &&
      (id as number) <= 2_147_483_647
    )
      return { kind: 'after', sort: first, value, id: id as number };
  }
  throw invalid('cursor is not valid');
}
