import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '../../../shared/api/catalog';
import {
  NewReview,
  ReviewEligibility,
  ReviewPage,
  ReviewResponse,
  ReviewsQuery,
} from '../../../shared/api/reviews';

/** A product's reviews for everyone; rating and reviewing for its delivered buyers. */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products/:id/reviews',
    { schema: { params: IdParams, querystring: ReviewsQuery, response: { 200: ReviewPage } } },
    async (request) => app.reviews.list(request.params.id, request.query.page),
  );

  app.get(
    '/products/:id/reviews/mine',
    { schema: { params: IdParams, response: { 200: ReviewEligibility } }, preHandler: app.requireUser },
    async (request) => app.reviews.eligibility(request.user.id, request.params.id),
  );

  app.post(
    '/products/:id/reviews',
    {
      schema: { params: IdParams, body: NewReview, response: { 201: ReviewResponse } },
      preHandler: app.requireUser,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ review: await app.reviews.create(request.user.id, request.params.id, request.body) }),
  );
};
