import { and, count, desc, eq, sql } from 'drizzle-orm';
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
import { userEmail, violatedConstraint } from '../../db/sql-helpers';
import { conflict, forbidden, notFound } from '../../errors';
import { users } from '../auth/tables';
import { products } from '../catalog/tables';
import { hasReceived } from '../orders';
import { reviews } from './tables';

type ReviewRow = {
  id: number;
  rating: number;
  text: string;
  createdAt: Date;
  fullName: string;
  username: string;
  deletedAt: Date | null;
  demo: boolean;
};

const recordOf = (row: ReviewRow): ReviewRecord => ({
  id: row.id,
  rating: row.rating,
  text: row.text,
  // Decision 0063: an erased account's review stays, its author no longer named.
  authorName: row.deletedAt ? ERASED_AUTHOR : reviewerName(row.fullName, row.username),
  createdAt: row.createdAt.toISOString(),
  verifiedPurchase: !row.demo,
});

const reviewColumns = {
  id: reviews.id,
  rating: reviews.rating,
  text: reviews.text,
  createdAt: reviews.createdAt,
  demo: reviews.demo,
  fullName: users.fullName,
  username: users.username,
  deletedAt: users.deletedAt,
};

/**
 * Writes the product's rating (average to two decimals) and rating_count from its visible
 * reviews. The caller holds the product's row lock, so this statement sees every review committed
 * before it and no two writers leave a stale aggregate.
 */
async function refreshAggregate(tx: Tx, productId: number) {
  await refreshAggregates(tx, [productId]);
}

/** refreshAggregate for several products in one statement. */
async function refreshAggregates(tx: Queryable, productIds: readonly number[]) {
  if (productIds.length === 0) return;
  await tx.execute(sql`
    UPDATE products p SET
      rating = coalesce((SELECT round(avg(r.rating)::numeric, 2) FROM reviews r WHERE r.product_id = p.id AND NOT r.hidden), 0),
      rating_count = (SELECT count(*)::int FROM reviews r WHERE r.product_id = p.id AND NOT r.hidden)
    WHERE p.id = ANY(${`{${productIds.join(',')}}`}::int[])`);
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
    await refreshAggregates(tx, [...new Set(removed.map((row) => row.productId))]);
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
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.archived, false)));
    return Boolean(row);
  }

  async function ownReview(userId: number, productId: number): Promise<ReviewRecord | null> {
    const [row] = await db
      .select(reviewColumns)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)));
    return row ? recordOf(row) : null;
  }

  return {
    async list(productId: number, page: number): Promise<ReviewPage> {
      const visible = and(eq(reviews.productId, productId), eq(reviews.hidden, false));
      const [rows, [product]] = await Promise.all([
        db
          .select(reviewColumns)
          .from(reviews)
          .innerJoin(users, eq(users.id, reviews.userId))
          .where(visible)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(REVIEWS_PAGE_SIZE)
          .offset((page - 1) * REVIEWS_PAGE_SIZE),
        db
          .select({ rating: products.rating, ratingCount: products.ratingCount })
          .from(products)
          .where(and(eq(products.id, productId), eq(products.archived, false))),
      ]);
      if (!product) throw notFound(REVIEW_MESSAGES.productNotFound);
      const [total] = await db.select({ total: count() }).from(reviews).where(visible);
      return {
        data: rows.map(recordOf),
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
          await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
          await tx
            .insert(reviews)
            .values({ productId, userId, rating: input.rating, text: input.text, createdAt: clock.now() });
          await refreshAggregate(tx, productId);
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
          .select({
            ...reviewColumns,
            productId: reviews.productId,
            productName: products.name,
            authorEmail: userEmail,
            hidden: reviews.hidden,
          })
          .from(reviews)
          .innerJoin(users, eq(users.id, reviews.userId))
          .innerJoin(products, eq(products.id, reviews.productId))
          .where(where)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(ADMIN_PAGE_SIZE)
          .offset((query.page - 1) * ADMIN_PAGE_SIZE),
        db.select({ total: count() }).from(reviews).where(where),
      ]);
      return {
        data: rows.map(
          (row): AdminReview => ({
            ...recordOf(row),
            productId: row.productId,
            productName: row.productName,
            authorEmail: row.authorEmail,
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
        await tx
          .select({ id: products.id })
          .from(products)
          .where(eq(products.id, review.productId))
          .for('update');
        await tx.update(reviews).set({ hidden }).where(eq(reviews.id, reviewId));
        await refreshAggregate(tx, review.productId);
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
  return db
    .select({
      product: products.name,
      rating: reviews.rating,
      text: reviews.text,
      hidden: reviews.hidden,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.userId, userId));
}
