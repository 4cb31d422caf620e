import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../shared/api/catalog';
import { type AdminReviewList, REVIEW_MESSAGES, type ReviewPage } from '../../../shared/api/reviews';
import { products } from '../../db/schema';
import { moveOrderAlong, STEPS_TO_DELIVERED } from '../../testing/admin-fixtures';
import { createTestProduct, placeOrder, seedPincodes, type TestProduct } from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

const clock = createTestClock('2031-11-02T06:00:00.000Z');
const store = setUpTestStore({ clock, env: { BACKGROUND_JOBS: 'false' }, seed: seedPincodes, admin: true });

/** A customer whose order of the product has been delivered. */
async function deliveredBuyer(product: TestProduct, fullName = 'Meera Iyer') {
  const buyer = await store.newCustomer({ fullName });
  const order = await placeOrder(store.app, buyer.headers, [{ product, quantity: 1 }]);
  await moveOrderAlong(store.app, store.admin.headers, order.orderId, STEPS_TO_DELIVERED);
  return buyer;
}

const postReview = (
  headers: Record<string, string>,
  product: TestProduct,
  payload: Record<string, unknown>,
) => store.app.inject({ method: 'POST', url: `/api/products/${product.id}/reviews`, headers, payload });

const reviewsOf = async (product: TestProduct, page = 1) =>
  (await store.app.inject({ url: `/api/products/${product.id}/reviews?page=${page}` })).json<ReviewPage>();

const aggregateOf = async (product: TestProduct) => {
  const [row] = await store.database.db
    .select({ rating: products.rating, ratingCount: products.ratingCount })
    .from(products)
    .where(eq(products.id, product.id));
  return row;
};

describe('POST /api/products/:id/reviews', () => {
  it('lets a customer with a delivered order rate and review once, and keeps the aggregate', async () => {
    const product = await createTestProduct(store.database);
    const meera = await deliveredBuyer(product, 'Meera Iyer');
    const arjun = await deliveredBuyer(product, 'Arjun');

    const first = await postReview(meera.headers, product, {
      rating: 5,
      text: '  Lovely brass diyas, packed with care.\r\nArrived before Diwali.  ',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().review).toMatchObject({
      rating: 5,
      text: 'Lovely brass diyas, packed with care.\nArrived before Diwali.',
      authorName: 'Meera I.',
    });
    clock.set(new Date(clock.now().getTime() + 60_000));
    expect((await postReview(arjun.headers, product, { rating: 4 })).statusCode).toBe(201);

    expect(await aggregateOf(product)).toEqual({ rating: 4.5, ratingCount: 2 });
    const product$ = await store.app.inject({ url: `/api/products/${product.id}` });
    expect(product$.json<{ product: Product }>().product).toMatchObject({ rating: 4.5, ratingCount: 2 });

    const again = await postReview(meera.headers, product, { rating: 1, text: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REVIEW_MESSAGES.alreadyReviewed);
    expect(await aggregateOf(product)).toEqual({ rating: 4.5, ratingCount: 2 });
  });

  it('refuses a review from a customer who did not buy the product', async () => {
    const product = await createTestProduct(store.database);
    const stranger = await store.newCustomer();
    const response = await postReview(stranger.headers, product, { rating: 1, text: 'Never bought it' });

    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(REVIEW_MESSAGES.notBought);
    expect((await reviewsOf(product)).total).toBe(0);
    expect(await aggregateOf(product)).toEqual({ rating: 0, ratingCount: 0 });
  });

  it('refuses a customer whose order has not been delivered yet', async () => {
    const product = await createTestProduct(store.database);
    const buyer = await store.newCustomer();
    const order = await placeOrder(store.app, buyer.headers, [{ product, quantity: 1 }]);
    await moveOrderAlong(store.app, store.admin.headers, order.orderId, [
      'paid',
      'confirmed',
      'processing',
      'packed',
      'shipped',
    ]);

    const eligibility = await store.app.inject({
      url: `/api/products/${product.id}/reviews/mine`,
      headers: buyer.headers,
    });
    expect(eligibility.json()).toEqual({ canReview: false, reason: REVIEW_MESSAGES.notBought, review: null });
    expect((await postReview(buyer.headers, product, { rating: 5 })).statusCode).toBe(403);
  });

  it('refuses a rating outside 1-5, text over 2,000 characters and a guest', async () => {
    const product = await createTestProduct(store.database);
    const buyer = await deliveredBuyer(product);
    const zero = await postReview(buyer.headers, product, { rating: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toBe('Choose a rating from 1 to 5 stars');
    const long = await postReview(buyer.headers, product, { rating: 4, text: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('A review can be at most 2000 characters');
    expect((await postReview({}, product, { rating: 4 })).statusCode).toBe(401);
  });

  it('keeps markup as plain text', async () => {
    const product = await createTestProduct(store.database);
    const buyer = await deliveredBuyer(product);
    const text = '<img src=x onerror=alert(1)> <b>great</b>';
    await postReview(buyer.headers, product, { rating: 3, text });
    expect((await reviewsOf(product)).data[0]?.text).toBe(text);
  });
});

describe('GET /api/products/:id/reviews', () => {
  it('lists visible reviews newest first, five a page, with the average and count', async () => {
    const product = await createTestProduct(store.database);
    for (const rating of [5, 4, 4, 3, 5, 2]) {
      const buyer = await deliveredBuyer(product, `Buyer ${rating}`);
      clock.set(new Date(clock.now().getTime() + 60_000));
      await postReview(buyer.headers, product, { rating, text: `Rated ${rating}` });
    }
    const first = await reviewsOf(product);
    expect(first).toMatchObject({ total: 6, page: 1, pageSize: 5, average: 3.8, count: 6 });
    expect(first.data.map((review) => review.text)).toEqual([
      'Rated 2',
      'Rated 5',
      'Rated 3',
      'Rated 4',
      'Rated 4',
    ]);
    expect((await reviewsOf(product, 2)).data.map((review) => review.text)).toEqual(['Rated 5']);
  });

  it('answers 404 for an unknown product', async () => {
    const response = await store.app.inject({ url: '/api/products/99999999/reviews' });
    expect(response.statusCode).toBe(404);
  });
});

describe('hiding a review in the back office', () => {
  it('takes it off the product page and out of the aggregate, and back', async () => {
    const product = await createTestProduct(store.database);
    const fan = await deliveredBuyer(product, 'Kavya Rao');
    const critic = await deliveredBuyer(product, 'Imran Khan');
    await postReview(fan.headers, product, { rating: 5, text: 'Beautiful' });
    await postReview(critic.headers, product, { rating: 1, text: 'Spam link here' });
    expect(await aggregateOf(product)).toEqual({ rating: 3, ratingCount: 2 });

    const list = await store.app.inject({ url: '/api/admin/reviews', headers: store.admin.headers });
    const spam = list.json<AdminReviewList>().data.find((review) => review.text === 'Spam link here');
    expect(spam).toMatchObject({ productName: product.name, authorEmail: critic.user.email, hidden: false });

    const hide = await store.app.inject({
      method: 'PATCH',
      url: `/api/admin/reviews/${spam!.id}`,
      headers: store.admin.headers,
      payload: { hidden: true },
    });
    expect(hide.statusCode).toBe(204);
    expect(await aggregateOf(product)).toEqual({ rating: 5, ratingCount: 1 });
    expect((await reviewsOf(product)).data.map((review) => review.text)).toEqual(['Beautiful']);

    await store.app.inject({
      method: 'PATCH',
      url: `/api/admin/reviews/${spam!.id}`,
      headers: store.admin.headers,
      payload: { hidden: false },
    });
    expect(await aggregateOf(product)).toEqual({ rating: 3, ratingCount: 2 });
  });
});
