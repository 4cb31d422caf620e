// Decision 0070: the listing's gift filters as SQL, apart from the search's ranking. Occasion and
// recipient are tags (products_tags_idx); the delivery filters keep what can be sent now, once the
// service has found that the pincode is served that fast.
import { type SQL, sql } from 'drizzle-orm';
import type { ProductListQuery } from '../../../shared/api/catalog';

export function giftFilters(query: Pick<ProductListQuery, 'occasion' | 'recipient' | 'delivery'>): {
  conditions: SQL[];
  key: string | null;
} {
  const conditions: SQL[] = [];
  const tags = [query.occasion, query.recipient].filter((tag) => tag !== undefined);
  if (tags.length > 0) conditions.push(sql`p.tags @> ${`{${tags.join(',')}}`}::text[]`);
  // Today or at midnight is from stock: a sold-out or pre-order product ships in its window.
  if (query.delivery) conditions.push(sql`p.stock >= greatest(p.min_quantity, 1)`);
  const key = conditions.length > 0 ? [...tags, query.delivery ? 'in-stock' : ''].join('|') : null;
  return { conditions, key };
}
