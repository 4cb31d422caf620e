import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AcceptedStaffInvite,
  AcceptStaffInvite,
  ChangeStaffRole,
  NewStaffInvite,
  StaffIdParams,
  StaffInvitation,
  StaffInviteSent,
  StaffInviteTokenParams,
  StaffList,
} from '../../../shared/api/staff';
import { publicOrigin } from '../../http/public-origin';
import { userJson } from '../auth';

/**
 * /api/admin/staff (owners only, shared/staff-roles.ts) and the invitee's
 * /api/staff-invites/:token, which the link's token alone opens.
 */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staff } = app;

  const ownerRoutes: FastifyPluginAsyncZod = async (admin) => {
    // onRequest, as for every /api/admin route: refused before the body is read.
    admin.addHook('onRequest', app.requireAdmin);
    const actorOf = (request: { user: { id: number; email: string } }) => ({
      id: request.user.id,
      email: request.user.email,
    });

    admin.get('/admin/staff', { schema: { response: { 200: StaffList } } }, async () => ({
      ...(await staff.list()),
      history: await app.settings.history('staff'),
    }));
    admin.post(
      '/admin/staff/invites',
      { schema: { body: NewStaffInvite, response: { 201: StaffInviteSent } } },
      async (request, reply) =>
        reply.code(201).send(await staff.invite(actorOf(request), request.body, publicOrigin(request))),
    );
    admin.delete(
      '/admin/staff/invites/:id',
      { schema: { params: StaffIdParams } },
      async (request, reply) => {
        await staff.revokeInvite(actorOf(request), request.params.id);
        return reply.code(204).send();
      },
    );
    admin.patch(
      '/admin/staff/:id',
      { schema: { params: StaffIdParams, body: ChangeStaffRole } },
      async (request, reply) => {
        await staff.changeRole(actorOf(request), request.params.id, request.body.staffRole);
        return reply.code(204).send();
      },
    );
  };
  await app.register(ownerRoutes);

  app.get(
    '/staff-invites/:token',
    { schema: { params: StaffInviteTokenParams, response: { 200: StaffInvitation } } },
    (request) => staff.invitation(request.params.token),
  );
  app.post(
    '/staff-invites/:token/accept',
    {
      schema: {
        params: StaffInviteTokenParams,
        body: AcceptStaffInvite,
        response: { 200: AcceptedStaffInvite },
      },
    },
    async (request) => {
      const accepted = await staff.accept(request.params.token, request.body, request.ip);
      // Joining signs the member in: the link and the new password proved who they are.
      const { user, token } = await app.auth.signInAccount(accepted.userId);
      return { email: accepted.email, staffRole: accepted.staffRole, token, user: userJson(user) };
    },
  );
};
