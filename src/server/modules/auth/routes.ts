import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuthResponse,
  BusinessDetails,
  BusinessDetailsRecord,
  LoginPayload,
  LogoutResponse,
  MeResponse,
  OtpRequestPayload,
  OtpRequestResponse,
  OtpVerifyPayload,
  RegisterPayload,
  type User,
} from '../../../shared/api/auth';
import type { AuthUser } from './auth-service';
import { users } from './tables';

/** SPEC 3 user JSON: `userId` repeats `id` and `name` is the full name, as older clients read them. */
export const userJson = (user: AuthUser): User => ({
  id: user.id,
  userId: user.id,
  name: user.fullName,
  fullName: user.fullName,
  email: user.email,
  username: user.username,
  role: user.role,
  staffRole: user.staffRole,
  ...(user.phone ? { phone: user.phone } : {}),
  ...(user.returning === undefined ? {} : { returning: user.returning }),
});

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/register',
    { schema: { body: RegisterPayload, response: { 201: AuthResponse } } },
    async (request, reply) => {
      const { user, token } = await app.auth.register(request.body, request.ip);
      return reply.code(201).send({ user: userJson(user), token });
    },
  );

  app.post(
    '/auth/login',
    { schema: { body: LoginPayload, response: { 200: AuthResponse } } },
    async (request) => {
      const { user, token } = await app.auth.login(request.body, request.ip);
      return { user: userJson(user), token };
    },
  );

  // Decision 0032: sign in or sign up with a mobile number and a one-time code.
  app.post(
    '/auth/otp/request',
    { schema: { body: OtpRequestPayload, response: { 200: OtpRequestResponse } } },
    (request) => app.auth.requestSignInCode({ ...request.body, ip: request.ip }),
  );

  app.post(
    '/auth/otp/verify',
    { schema: { body: OtpVerifyPayload, response: { 200: AuthResponse } } },
    async (request) => {
      const { user, token } = await app.auth.verifySignInCode({ ...request.body, ip: request.ip });
      return { user: userJson(user), token };
    },
  );

  // An account asks for a code to a new mobile number; the account module sets it (decision 0075).
  app.post(
    '/auth/phone/request',
    {
      schema: { body: OtpRequestPayload, response: { 200: OtpRequestResponse } },
      preHandler: app.requireUser,
    },
    (request) => app.auth.requestAddPhoneCode({ ...request.body, userId: request.user.id, ip: request.ip }),
  );

  app.get(
    '/auth/me',
    { schema: { response: { 200: MeResponse } }, preHandler: app.requireUser },
    async (request) => ({
      user: userJson(request.user),
    }),
  );

  // GST: the customer's own GSTIN and legal name, for the invoices of their next orders (B2B).
  app.get(
    '/auth/business',
    { schema: { response: { 200: BusinessDetailsRecord } }, preHandler: app.requireUser },
    async (request) => {
      const [row] = await app.db
        .select({ gstin: users.gstin, legalName: users.legalName })
        .from(users)
        .where(eq(users.id, request.user.id));
      return { gstin: row?.gstin ?? null, legalName: row?.legalName ?? null };
    },
  );
  app.put(
    '/auth/business',
    {
      schema: { body: BusinessDetails, response: { 200: BusinessDetailsRecord } },
      preHandler: app.requireUser,
    },
    async (request) => {
      const { gstin, legalName } = request.body;
      await app.db.update(users).set({ gstin, legalName }).where(eq(users.id, request.user.id));
      return { gstin, legalName };
    },
  );

  app.post(
    '/auth/logout',
    { schema: { response: { 200: LogoutResponse } }, preHandler: app.requireUser },
    async (request) => {
      if (request.sessionId !== null) await app.auth.logout(request.sessionId);
      return { success: true as const };
    },
  );
};
