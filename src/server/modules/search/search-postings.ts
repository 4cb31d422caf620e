// The catalogue's words held in this process (decision 0074): for every lexeme of the visible
// products' names and texts, the products holding it, in listing order (featured first, then
// newest). A relevance search walks these lists to its page and stops there, where the same
// buckets in SQL cost the embedded database 70-80 % of a search's CPU. The lists are the
// database's own lexemes (tsvector_to_array), so they answer exactly what the SQL buckets answer,
// and they are dropped on every catalogue change seen here or on another instance, then read
// again: until they are, the SQL buckets answer.
import { sql } from 'drizzle-orm';
import { asJsonRows, type Db, executePrepared, fromJsonRows } from '../../db/client';
import type { ListingFilter } from './listing-filters';

/**
 * The listing's sorts (catalog/catalog-reads.ts SORT_COLUMNS) the postings answer, each with the id as
 * its last key. Not the rating: a review changes it without a catalogue change (the reviews tell
 * the catalogue as they tell a stock change), so the postings would not follow it.
 */
export type PostingsSort = 'featured' | 'id' | 'created_at' | 'price';

/** A product's place in the listing order (featured first, then newest): what the lists hold. */
type Position = number;

export type Postings = {
  /** Visible products. */
  size: number;
  /** Each position's product id. */
  ids: Int32Array;
  featured: Uint8Array;
  categoryIds: Int32Array;
  pricePaise: Int32Array;
  countries: string[];
  /** created_at in microseconds since 1970, as the database holds it. */
  createdMicros: Float64Array;
  /** How many distinct lexemes each product's name has. */
  nameSizes: Uint16Array;
  /**
   * Positions ascending by each listing sort's value, then id: the order of `ORDER BY value ASC,
   * id ASC`; a descending sort walks it backwards. (The featured sort is the listing order.)
   */
  orders: Record<Exclude<PostingsSort, 'featured'>, Int32Array>;
  /** Lexeme → positions of the products whose name holds it, ascending. */
  name: Map<string, Int32Array>;
  /** Lexeme → positions of the products whose text (search_vector) holds it, ascending. */
  text: Map<string, Int32Array>;
};

/** What a ranking bucket asks of a product (catalog-search.ts builds the SQL of the same rule). */
export type BucketRule =
  /** The name's lexemes are exactly these. */
  | { kind: 'name-is'; terms: string[] }
  /** The name or the text holds a term of every group ('all') or of any group ('any'). */
  | { kind: 'holds'; field: 'name' | 'text'; groups: string[][]; mode: 'all' | 'any' };

const EMPTY = new Int32Array(0);

/** Calls `visit` for each position meeting the rule, ascending, until it answers false. */
function forEachMatch(postings: Postings, rule: BucketRule, visit: (position: Position) => boolean): void {
  if (rule.kind === 'name-is') {
    const terms = [...new Set(rule.terms)];
    forEachMatch(
      postings,
      { kind: 'holds', field: 'name', groups: terms.map((term) => [term]), mode: 'all' },
      (position) => (postings.nameSizes[position] === terms.length ? visit(position) : true),
    );
    return;
  }
  const lists = postings[rule.field];
  const groups = rule.groups.map((terms) => terms.map((term) => lists.get(term) ?? EMPTY));
  if (rule.mode === 'any') {
    merge(groups.flat(), visit);
    return;
  }
  // Driven by the group with the fewest entries; every other group is looked up by galloping.
  const sizes = groups.map((group) => group.reduce((sum, list) => sum + list.length, 0));
  const driver = sizes.indexOf(Math.min(...sizes));
  const others = groups
    .filter((_, index) => index !== driver)
    .map((group) => group.map((list) => new Seeker(list)));
  merge(groups[driver] ?? [], (position) =>
    others.every((group) => group.some((seeker) => seeker.holds(position))) ? visit(position) : true,
  );
}

/** The union of ascending lists, ascending and without repeats, until `visit` answers false. */
function merge(lists: Int32Array[], visit: (position: Position) => boolean): void {
  const live = lists.filter((list) => list.length > 0);
  if (live.length === 1) {
    for (const position of live[0] as Int32Array) if (!visit(position)) return;
    return;
  }
  const at = new Array<number>(live.length).fill(0);
  for (;;) {
    let least = Number.POSITIVE_INFINITY;
    for (let index = 0; index < live.length; index += 1) {
      const list = live[index] as Int32Array;
      const here = at[index] as number;
      if (here < list.length && (list[here] as number) < least) least = list[here] as number;
    }
    if (least === Number.POSITIVE_INFINITY) return;
    for (let index = 0; index < live.length; index += 1) {
      const list = live[index] as Int32Array;
      if ((list[at[index] as number] as number) === least) at[index] = (at[index] as number) + 1;
    }
    if (!visit(least)) return;
  }
}

/** Answers whether an ascending list holds positions asked in ascending order, galloping ahead. */
class Seeker {
  private at = 0;
  constructor(private readonly list: Int32Array) {}

  holds(position: Position): boolean {
    const { list } = this;
    let low = this.at;
    let step = 1;
    let high = low;
    while (high < list.length && (list[high] as number) < position) {
      low = high + 1;
      high += step;
      step *= 2;
    }
    high = Math.min(high, list.length);
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((list[middle] as number) < position) low = middle + 1;
      else high = middle;
    }
    this.at = low;
    return low < list.length && list[low] === position;
  }
}

/** Whether the product at a position passes the listing's filters (the SQL of listing-filter.ts). */
export function acceptsOf(postings: Postings, filter: ListingFilter): (position: Position) => boolean {
  const { categoryId, minPaise, maxPaise, featured, country } = filter;
  return (position) =>
    (categoryId === undefined || postings.categoryIds[position] === categoryId) &&
    (minPaise === undefined || (postings.pricePaise[position] as number) >= minPaise) &&
    (maxPaise === undefined || (postings.pricePaise[position] as number) <= maxPaise) &&
    (featured === undefined || postings.featured[position] === (featured ? 1 : 0)) &&
    (country === undefined || postings.countries[position] === country);
}

/**
 * The ids of a relevance page (the same as `rankedIds` in SQL): bucket by bucket, each walked in
 * listing order, a product placed in the first bucket it meets, until `need` are found.
 */
export function rankedIdsFrom(
  postings: Postings,
  rules: readonly BucketRule[],
  filter: ListingFilter,
  need: number,
): number[] {
  const accepts = acceptsOf(postings, filter);
  const placed = new Set<Position>();
  const found: number[] = [];
  for (const rule of rules) {
    forEachMatch(postings, rule, (position) => {
      if (placed.has(position) || !accepts(position)) return true;
      placed.add(position);
      found.push(postings.ids[position] as number);
      return found.length < need;
    });
    if (found.length >= need) break;
  }
  return found;
}

/** How many products meet the rule and the filters, counted up to `upTo`. */
export function countFrom(postings: Postings, rule: BucketRule, filter: ListingFilter, upTo: number): number {
  const accepts = acceptsOf(postings, filter);
  let counted = 0;
  forEachMatch(postings, rule, (position) => {
    if (accepts(position)) counted += 1;
    return counted < upTo;
  });
  return counted;
}

/** The categories of the first `upTo` products meeting the rule, in listing order. */
export function firstCategoriesFrom(postings: Postings, rule: BucketRule, upTo: number): number[] {
  const found: number[] = [];
  forEachMatch(postings, rule, (position) => {
    found.push(postings.categoryIds[position] as number);
    return found.length < upTo;
  });
  return found;
}

/**
 * The value of a product in a sort, comparable with `cursorValueOf`: featured as 1 and 0, prices
 * in paise, creation in microseconds.
 */
function sortValueOf(postings: Postings, sort: PostingsSort, position: Position): number {
  switch (sort) {
    case 'featured':
      return postings.featured[position] as number;
    case 'id':
      return 0;
    case 'price':
      return postings.pricePaise[position] as number;
    case 'created_at':
      return postings.createdMicros[position] as number;
  }
}

/** timestamptz as PostgreSQL prints it: '2026-11-23 10:00:00.123456+05:30'. */
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?([+-])(\d{2})(?::(\d{2}))?(?::(\d{2}))?$/;

/** A keyset cursor's value (the database's text of it) in sortValueOf's terms; null when unreadable. */
export function cursorValueOf(sort: PostingsSort, text: string): number | null {
  switch (sort) {
    case 'featured':
      return text === 'true' ? 1 : text === 'false' ? 0 : null;
    case 'id':
      return 0;
    case 'price':
      return /^-?\d{1,10}$/.test(text) ? Number(text) : null;
    case 'created_at': {
      const parts = TIMESTAMP.exec(text);
      if (!parts) return null;
      const [year, month, day, hour, minute, second] = parts.slice(1, 7).map(Number) as number[];
      const micros = Number((parts[7] ?? '').padEnd(6, '0'));
      const offsetSeconds =
        (parts[8] === '-' ? -1 : 1) *
        (Number(parts[9]) * 3600 + Number(parts[10] ?? 0) * 60 + Number(parts[11] ?? 0));
      const utc = Date.UTC(year as number, (month as number) - 1, day, hour, minute, second);
      return (utc / 1000 - offsetSeconds) * 1_000_000 + micros;
    }
  }
}

/** Where a sorted search's page starts: after a keyset cursor, or past a number of matches. */
export type SortedStart = { after: { value: number; id: number } } | { skip: number };

/**
 * The ids of a sorted page, as `ORDER BY value, id` with a keyset cursor or an offset answers them
 * in SQL. A search's (the text holds the rule): the matches are marked once, then the sort's order
 * is walked from the start until `take` are found. A listing page's without a search (no rule,
 * decision 0083): the sort's order of the category's products (kept per postings) is walked,
 * skipping those outside the rest of the filter.
 */
export function sortedIdsFrom(
  postings: Postings,
  rule: BucketRule | null,
  filter: ListingFilter,
  sort: PostingsSort,
  order: 'asc' | 'desc',
  start: SortedStart,
  take: number,
): number[] {
  if (rule === null) {
    const { categoryId, ...withinCategory } = filter;
    const sequence = categoryOrderOf(postings, categoryId, sort);
    const { minPaise, maxPaise, ...rest } = withinCategory;
    if ('skip' in start && Object.values(rest).every((value) => value === undefined)) {
      return pricedPage(postings, sequence, { minPaise, maxPaise }, order, start.skip, take);
    }
    const at = (index: number) => sequence[index] as number;
    const accepts = acceptsOf(postings, withinCategory);
    return walkSorted(postings, { length: sequence.length, at }, accepts, sort, order, start, take);
  }
  const accepts = acceptsOf(postings, filter);
  const matched = new Uint8Array(postings.size);
  forEachMatch(postings, rule, (position) => {
    if (accepts(position)) matched[position] = 1;
    return true;
  });
  const at = (index: number) => positionAt(postings, sort, index);
  const matches = (position: Position) => matched[position] === 1;
  return walkSorted(postings, { length: postings.size, at }, matches, sort, order, start, take);
}

/**
 * A listing page by number within a price band or none, the crowd's commonest walk (decision
 * 0092): the same as walkSorted's, in one loop over the category's order without a call per
 * product (the walk reaches 1,000 positions and more by page 40).
 */
function pricedPage(
  postings: Postings,
  sequence: Int32Array,
  { minPaise = -Infinity, maxPaise = Infinity }: { minPaise?: number; maxPaise?: number },
  order: 'asc' | 'desc',
  skip: number,
  take: number,
): number[] {
  const { ids, pricePaise } = postings;
  const step = order === 'asc' ? 1 : -1;
  const found: number[] = [];
  let skipped = 0;
  for (
    let index = order === 'asc' ? 0 : sequence.length - 1;
    index >= 0 && index < sequence.length && found.length < take;
    index += step
  ) {
    const position = sequence[index] as number;
    const price = pricePaise[position] as number;
    if (price < minPaise || price > maxPaise) continue;
    if (skipped < skip) skipped += 1;
    else found.push(ids[position] as number);
  }
  return found;
}

/** The position at an index of the sort's ascending order; the featured sort's is the listing order backwards. */
function positionAt(postings: Postings, sort: PostingsSort, index: number): Position {
  return sort === 'featured' ? postings.size - 1 - index : (postings.orders[sort][index] as number);
}

/** Each postings' orders restricted to one category (or none: every product), made when first asked. */
const categoryOrders = new WeakMap<Postings, Map<string, Int32Array>>();

/** Positions ascending by the sort's value, then id, of the category's products (all without one). */
function categoryOrderOf(postings: Postings, categoryId: number | undefined, sort: PostingsSort): Int32Array {
  let orders = categoryOrders.get(postings);
  if (!orders) {
    orders = new Map();
    categoryOrders.set(postings, orders);
  }
  const key = `${categoryId ?? ''}:${sort}`;
  const kept = orders.get(key);
  if (kept) return kept;
  const positions: number[] = [];
  for (let index = 0; index < postings.size; index += 1) {
    const position = positionAt(postings, sort, index);
    if (categoryId === undefined || postings.categoryIds[position] === categoryId) positions.push(position);
  }
  const made = Int32Array.from(positions);
  orders.set(key, made);
  return made;
}

/**
 * Walks positions ascending by a sort (`at` over `length` indexes) from the start or a keyset
 * cursor, forwards for an ascending order and from the end for a descending one, and answers the
 * ids of the first `take` that `matches`, past `skip` of them.
 */
function walkSorted(
  postings: Postings,
  { length, at }: { length: number; at: (index: number) => Position },
  matches: (position: Position) => boolean,
  sort: PostingsSort,
  order: 'asc' | 'desc',
  start: SortedStart,
  take: number,
): number[] {
  const step = order === 'asc' ? 1 : -1;
  let index = order === 'asc' ? 0 : length - 1;
  let skip = 'skip' in start ? start.skip : 0;
  if ('after' in start) {
    // The first index past the cursor in the walk's direction (binary search on value, then id).
    const { value, id } = start.after;
    const before = (position: Position) => {
      const mine = sortValueOf(postings, sort, position);
      return mine < value || (mine === value && (postings.ids[position] as number) <= id);
    };
    let low = 0;
    let high = length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (before(at(middle))) low = middle + 1;
      else high = middle;
    }
    // Ascending: from the first after the cursor; descending: from the last before it.
    index = order === 'asc' ? low : low - 1;
    if (order === 'desc') {
      while (index >= 0) {
        const position = at(index);
        const mine = sortValueOf(postings, sort, position);
        if (mine < value || (mine === value && (postings.ids[position] as number) < id)) break;
        index -= 1;
      }
    }
  }
  const found: number[] = [];
  for (; index >= 0 && index < length && found.length < take; index += step) {
    const position = at(index);
    if (!matches(position)) continue;
    if (skip > 0) skip -= 1;
    else found.push(postings.ids[position] as number);
  }
  return found;
}

/** Products read at once while building: each read holds the embedded database only briefly. */
const BUILD_BATCH = 2_000;

type PostingRow = {
  id: number;
  featured: boolean;
  createdMicros: number;
  categoryId: number;
  pricePaise: number;
  country: string;
  name: string[];
  text: string[];
};

/** Reads every visible product's lexemes in listing order, a batch at a time. */
export async function readPostings(db: Db, stillWanted: () => boolean): Promise<Postings | null> {
  const ids: number[] = [];
  const featured: number[] = [];
  const categoryIds: number[] = [];
  const pricePaise: number[] = [];
  const createdMicros: number[] = [];
  const countries: string[] = [];
  const nameSizes: number[] = [];
  const name = new Map<string, number[]>();
  const text = new Map<string, number[]>();
  const add = (lists: Map<string, number[]>, term: string, position: number) => {
    const list = lists.get(term);
    if (list) list.push(position);
    else lists.set(term, [position]);
  };
  let after: { featured: boolean; id: number } | null = null;
  for (;;) {
    if (!stillWanted()) return null;
    const [result]: { rows: string }[] = await executePrepared<{ rows: string }>(
      db,
      asJsonRows(sql`SELECT p.id, p.featured, p.category_id AS "categoryId", p.price_paise AS "pricePaise",
        (extract(epoch FROM p.created_at) * 1000000)::bigint AS "createdMicros",
        p.origin_country AS country, tsvector_to_array(p.name_vector) AS name,
        tsvector_to_array(p.search_vector) AS text
        FROM products p WHERE NOT p.archived
        ${after ? sql`AND (p.featured, p.id) < (${after.featured}, ${after.id})` : sql``}
        ORDER BY p.featured DESC, p.id DESC LIMIT ${BUILD_BATCH}`),
    );
    const rows: PostingRow[] = fromJsonRows<PostingRow>(result);
    for (const row of rows) {
      const position = ids.length;
      ids.push(row.id);
      featured.push(row.featured ? 1 : 0);
      categoryIds.push(row.categoryId);
      pricePaise.push(row.pricePaise);
      createdMicros.push(row.createdMicros);
      countries.push(row.country);
      nameSizes.push(row.name.length);
      for (const term of row.name) add(name, term, position);
      for (const term of row.text) add(text, term, position);
    }
    const last: PostingRow | undefined = rows.at(-1);
    if (!last || rows.length < BUILD_BATCH) break;
    after = { featured: last.featured, id: last.id };
  }
  const frozen = (lists: Map<string, number[]>) =>
    new Map([...lists].map(([term, positions]) => [term, Int32Array.from(positions)]));
  const created = Float64Array.from(createdMicros);
  const ascending = (value: ArrayLike<number>) =>
    Int32Array.from(ids.keys()).sort(
      (a, b) => (value[a] as number) - (value[b] as number) || (ids[a] as number) - (ids[b] as number),
    );
  return {
    size: ids.length,
    ids: Int32Array.from(ids),
    featured: Uint8Array.from(featured),
    categoryIds: Int32Array.from(categoryIds),
    pricePaise: Int32Array.from(pricePaise),
    createdMicros: created,
    orders: {
      id: ascending(new Int32Array(ids.length)),
      price: ascending(pricePaise),
      created_at: ascending(created),
    },
    countries,
    nameSizes: Uint16Array.from(nameSizes),
    name: frozen(name),
    text: frozen(text),
  };
}

/**
 * This instance's postings: answered only when no catalogue change has been seen since they were
 * read, so every instance answers what the database holds (decision 0074).
 */
export type SearchPostings = {
  /** The postings of the catalogue as it is, or null (then SQL answers) while they are read. */
  current(): Postings | null;
  /** A catalogue change was seen: the postings are dropped and read again at the next search. */
  stale(): void;
  /** Reads them now if needed and waits (tests, and the bench's warm-up). */
  ready(): Promise<void>;
  /** Stops reading (the app closes). */
  close(): Promise<void>;
};

export function createSearchPostings(db: Db, onError: (error: unknown) => void = () => {}): SearchPostings {
  let postings: Postings | null = null;
  let generation = 0;
  let reading: Promise<boolean> | null = null;
  let closed = false;

  /** Resolves false when the read failed (the SQL buckets go on answering meanwhile). */
  function read(): Promise<boolean> {
    if (reading) return reading;
    const startedIn = generation;
    const wanted = () => !closed && startedIn === generation;
    const current: Promise<boolean> = readPostings(db, wanted)
      .then((read) => {
        if (read && wanted()) postings = read;
        return true;
      })
      .catch((error: unknown) => {
        onError(error);
        return false;
      })
      .finally(() => {
        if (reading === current) reading = null;
      });
    reading = current;
    return current;
  }

  return {
    current() {
      if (postings === null && !closed) void read();
      return postings;
    },
    stale() {
      generation += 1;
      postings = null;
    },
    async ready() {
      while (postings === null && !closed) {
        if (!(await read())) throw new Error('The search postings could not be read');
      }
    },
    async close() {
      closed = true;
      await reading;
    },
  };
}
