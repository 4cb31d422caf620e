// SPEC 2: slugs are the lower-cased name without punctuation, with whitespace, underscores and
// hyphens collapsed into single hyphens, then '-' and the id. Combining marks stay (\p{M}): Devanagari
// vowel signs are part of a word, not punctuation.

export function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .replace(/[\s_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function slugWithId(name: string, id: number): string {
  const base = slugify(name);
  return base ? `${base}-${id}` : String(id);
}

/**
 * The id is the trailing part after the last hyphen and must be all digits; anything else is not
 * an id (SPEC 2), so callers redirect.
 */
export function idFromSlug(slugAndId: string | undefined): number | null {
  if (!slugAndId) return null;
  const tail = slugAndId.slice(slugAndId.lastIndexOf('-') + 1);
  if (!/^\d+$/.test(tail)) return null;
  const id = Number(tail);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const productPath = (product: { id: number; name: string }) =>
  `/product/${slugWithId(product.name, product.id)}`;

export const collectionPath = (collection: { id: number; name: string }) =>
  `/collection/${slugWithId(collection.name, collection.id)}`;

export const categoryPath = (category: { slug: string }) => `/category/${category.slug}`;
