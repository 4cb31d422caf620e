import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE } from '../../../shared/api/admin';
import {
  type AdminReview,
  type AdminReviewList,
  type AdminReviewQuery,
  ERASED_AUTHOR,
  type NewReview,
  REVIEW_MESSAGES,
  REVIEWS_PAGE_SIZE,
  type ReviewEligibility,
  type ReviewPage,
  type ReviewRecord,
  reviewerName,
} from '../../../shared/api/reviews';
import type { Clock } from '../../clock';
import type { Db, Queryable, Tx } from '../../db/client';
import { violatedConstraint } from '../../db/sql-helpers';
import { conflict, forbidden, notFound } from '../../errors';
import { accountNamesOf } from '../auth';
import { lockProducts, productNamesOf, ratingOf, setRatings } from '../catalog';
import { hasReceived } from '../orders';
import { reviews } from './tables';

type ReviewRow = typeof reviews.$inferSelect;
type Author = { fullName: string; username: string; deletedAt: Date | null };

const recordOf = (row: ReviewRow, author: Author | undefined): ReviewRecord => ({
  id: row.id,
  rating: row.rating,
  text: row.text,
  // Decision 0063: an erased account's review stays, its author no longer named.
  authorName: !author || author.deletedAt ? ERASED_AUTHOR : reviewerName(author.fullName, author.username),
  createdAt: row.createdAt.toISOString(),
  verifiedPurchase: !row.demo,
});

/** The reviews with their authors' names (and e-mails, for the back office). */
async function withAuthors(runner: Queryable, rows: ReviewRow[]) {
  const authors = await accountNamesOf(
    runner,
    rows.map((row) => row.userId),
  );
  return rows.map((row) => ({ row, author: authors.get(row.userId) }));
}

/**
 * Writes each product's rating (average to two decimals) and rating count from its visible
 * reviews. The caller holds the products' row locks (lockProducts), so this sees every review
 * committed before it and no two writers leave a stale aggregate.
 */
async function refreshAggregates(tx: Tx, productIds: readonly number[]) {
  if (productIds.length === 0) return;
  const figures = await tx
    .select({
      productId: reviews.productId,
      rating: sql<number>`round(avg(${reviews.rating})::numeric, 2)::float8`.mapWith(Number),
      ratingCount: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(reviews)
    .where(and(inArray(reviews.productId, [...productIds]), eq(reviews.hidden, false)))
    .groupBy(reviews.productId);
  await setRatings(
    tx,
    productIds.map(
      (productId) =>
        figures.find((figure) => figure.productId === productId) ?? { productId, rating: 0, ratingCount: 0 },
    ),
  );
}

/**
 * Decision 0059: takes the demo seed's reviews away, and with them the ratings they made (one
 * transaction). Answers how many reviews went. The caller drops the catalogue's caches.
 */
export async function removeDemoReviews(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(reviews)
      .where(eq(reviews.demo, true))
      .returning({ productId: reviews.productId });
    const productIds = [...new Set(removed.map((row) => row.productId))];
    await lockProducts(tx, productIds);
    await refreshAggregates(tx, productIds);
    return removed.length;
  });
}

export type ReviewService = ReturnType<typeof createReviewService>;

/**
 * Ratings and reviews: a customer whose order of the product was delivered rates and
 * reviews it once; shoppers read the visible reviews newest first; the owner hides or shows one.
 * The product's aggregate changes in the same transaction as the review.
 */
export function createReviewService({
  db,
  clock,
  onRatingsChanged = () => {},
}: {
  db: Db;
  clock: Clock;
  /** Told after an aggregate changes, so cached catalogue answers show it. */
  onRatingsChanged?: () => void;
}) {
  async function productExists(productId: number): Promise<boolean> {
    return (await ratingOf(db, productId)) !== null;
  }

  async function ownReview(userId: number, productId: number): Promise<ReviewRecord | null> {
    const rows = await db
      .select()
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)));
    const [own] = await withAuthors(db, rows);
    return own ? recordOf(own.row, own.author) : null;
  }

  return {
    async list(productId: number, page: number): Promise<ReviewPage> {
      const visible = and(eq(reviews.productId, productId), eq(reviews.hidden, false));
      const [rows, product] = await Promise.all([
        db
          .select()
          .from(reviews)
          .where(visible)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(REVIEWS_PAGE_SIZE)
          .offset((page - 1) * REVIEWS_PAGE_SIZE),
        ratingOf(db, productId),
      ]);
      if (!product) throw notFound(REVIEW_MESSAGES.productNotFound);
      const [total] = await db.select({ total: count() }).from(reviews).where(visible);
      return {
        data: (await withAuthors(db, rows)).map(({ row, author }) => recordOf(row, author)),
        total: total?.total ?? 0,
        page,
        pageSize: REVIEWS_PAGE_SIZE,
        average: Math.round(product.rating * 10) / 10,
        count: product.ratingCount,
      };
    },

    async eligibility(userId: number, productId: number): Promise<ReviewEligibility> {
      if (!(await productExists(productId))) throw notFound(REVIEW_MESSAGES.productNotFound);
      const review = await ownReview(userId, productId);
      if (review) return { canReview: false, reason: REVIEW_MESSAGES.alreadyReviewed, review };
      const received = await hasReceived(db, userId, productId);
      return { canReview: received, reason: received ? null : REVIEW_MESSAGES.notBought, review: null };
    },

    async create(userId: number, productId: number, input: NewReview): Promise<ReviewRecord> {
      if (!(await productExists(productId))) throw notFound(REVIEW_MESSAGES.productNotFound);
      if (!(await hasReceived(db, userId, productId))) throw forbidden(REVIEW_MESSAGES.notBought);
      try {
        await db.transaction(async (tx) => {
          await lockProducts(tx, [productId]);
          await tx
            .insert(reviews)
            .values({ productId, userId, rating: input.rating, text: input.text, createdAt: clock.now() });
          await refreshAggregates(tx, [productId]);
        });
      } catch (error) {
        if (violatedConstraint(error) === 'reviews_product_user_idx')
          throw conflict(REVIEW_MESSAGES.alreadyReviewed);
        throw error;
      }
      onRatingsChanged();
      const review = await ownReview(userId, productId);
      if (!review) throw new Error('A review just written was not found');
      return review;
    },

    // ---- The back office ----

    async adminList(query: AdminReviewQuery): Promise<AdminReviewList> {
      const where = query.hidden === 'all' ? undefined : eq(reviews.hidden, query.hidden === 'true');
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(reviews)
          .where(where)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(ADMIN_PAGE_SIZE)
          .offset((query.page - 1) * ADMIN_PAGE_SIZE),
        db.select({ total: count() }).from(reviews).where(where),
      ]);
      const productNames = await productNamesOf(db, [...new Set(rows.map((row) => row.productId))]);
      return {
        data: (await withAuthors(db, rows)).map(
          ({ row, author }): AdminReview => ({
            ...recordOf(row, author),
            productId: row.productId,
            productName: productNames.get(row.productId) ?? '',
            authorEmail: author?.email ?? '',
            hidden: row.hidden,
          }),
        ),
        total: total?.total ?? 0,
        page: query.page,
        pageSize: ADMIN_PAGE_SIZE,
      };
    },

    /** Hides (or shows again) a review; the product's aggregate follows in the same transaction. */
    async setHidden(reviewId: number, hidden: boolean): Promise<void> {
      const changed = await db.transaction(async (tx) => {
        const [review] = await tx
          .select({ productId: reviews.productId, hidden: reviews.hidden })
          .from(reviews)
          .where(eq(reviews.id, reviewId));
        if (!review) throw notFound(REVIEW_MESSAGES.reviewNotFound);
        if (review.hidden === hidden) return false;
        await lockProducts(tx, [review.productId]);
        await tx.update(reviews).set({ hidden }).where(eq(reviews.id, reviewId));
        await refreshAggregates(tx, [review.productId]);
        return true;
      });
      if (changed) onRatingsChanged();
    },
  };
}

/**
 * Decision 0063: the reviews a shopper wrote, with the product's name, for their export. Erasure
 * keeps them under the erased name (ERASED_AUTHOR), as the account's row stays.
 */
export async function reviewsWrittenBy(db: Db, userId: number) {
  const written = await db.select().from(reviews).where(eq(reviews.userId, userId));
  const names = await productNamesOf(db, [...new Set(written.map((review) => review.productId))]);
  return written.map((review) => ({
    product: names.get(review.productId) ?? '',
    rating: review.rating,
    text: review.text,
    hidden: review.hidden,
    createdAt: review.createdAt,
  }));
}
