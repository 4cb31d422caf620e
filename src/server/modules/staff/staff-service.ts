import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type {
  AcceptStaffInvite,
  NewStaffInvite,
  PendingStaffInvite,
  StaffInvitation,
  StaffInviteSent,
  StaffMember,
} from '../../../shared/api/staff';
import { staffInviteShareText } from '../../../shared/api/staff';
import { DAY_MS, formatIndiaDay, indiaDateOf } from '../../../shared/india-time';
import type { StaffRole } from '../../../shared/staff-roles';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { conflict, notFound, tooMany, waitInWords } from '../../errors';
import type { StoreIdentity } from '../../store-identity';
import {
  accountByEmail,
  createAttemptLimiter,
  createRefusalMemo,
  hashPassword,
  type LimiterStore,
  lockStaffAccounts,
  makeStaffAccount,
  PASSWORD_COST,
  type PasswordCost,
  setStaffRole,
  staffAccounts,
  tokenHashOf,
} from '../auth';
import { enqueueMail, staffInviteMail } from '../mail';
import { type SettingsActor, writeAuditLine } from '../settings';
import { staffInvites } from './tables';

/** An invitation link works for a week, once. */
export const INVITE_DAYS = 7;

export const STAFF_MESSAGES = {
  alreadyStaff: 'This person is already on the staff. Change their role in the list instead.',
  lastOwner: 'The store needs at least one owner. Make someone else an owner first.',
  notStaff: 'No staff member with this id',
  inviteGone: 'This invitation link has expired or was already used. Ask the owner for a new one.',
  inviteNotFound: 'No open invitation with this id',
} as const;

/** Decision 0056: invitation acceptances per address (an invitee needs one or two). */
export const STAFF_ACCEPT_LIMIT = { name: 'staff-accept-ip', attempts: 10, windowSeconds: 60 * 60 };

export type StaffService = ReturnType<typeof createStaffService>;

/**
 * The owner's staff. An owner invites by e-mail with a role; the link (in the mail
 * outbox) is single use and expires; the invitee sets a password. Roles change or go at once (the
 * role is read from the database on every request), and the last owner cannot be removed.
 */
export function createStaffService({
  db,
  clock,
  store,
  passwordCost = PASSWORD_COST,
  limiterStore,
}: {
  db: Db;
  clock: Clock;
  store: StoreIdentity;
  passwordCost?: PasswordCost | undefined;
  limiterStore: LimiterStore;
}) {
  const acceptLimiter = createAttemptLimiter(limiterStore, STAFF_ACCEPT_LIMIT);
  const refusedAddresses = createRefusalMemo();
  const openInvite = (now: Date) =>
    and(isNull(staffInvites.acceptedAt), isNull(staffInvites.revokedAt), gt(staffInvites.expiresAt, now));

  async function findOpenInvite(token: string) {
    const [invite] = await db
      .select()
      .from(staffInvites)
      .where(and(eq(staffInvites.tokenHash, tokenHashOf(token)), openInvite(clock.now())));
    if (!invite) throw notFound(STAFF_MESSAGES.inviteGone);
    return invite;
  }

  return {
    async list(): Promise<{ staff: StaffMember[]; invites: PendingStaffInvite[] }> {
      const staff = await staffAccounts(db);
      const invites = await db
        .select({
          id: staffInvites.id,
          email: staffInvites.email,
          staffRole: staffInvites.staffRole,
          expiresAt: staffInvites.expiresAt,
        })
        .from(staffInvites)
        .where(openInvite(clock.now()))
        .orderBy(asc(staffInvites.id));
      return { staff, invites: invites.map((row) => ({ ...row, expiresAt: row.expiresAt.toISOString() })) };
    },

    /** Sends the invitation (through the mail outbox); an earlier open one for the address lapses. */
    async invite(actor: SettingsActor, input: NewStaffInvite, origin: string): Promise<StaffInviteSent> {
      const account = await accountByEmail(db, input.email);
      if (account?.role === 'admin') throw conflict(STAFF_MESSAGES.alreadyStaff);
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + INVITE_DAYS * DAY_MS);
      const link = `${origin}/staff-invite/${token}`;
      const until = formatIndiaDay(indiaDateOf(expiresAt));
      await db.transaction(async (tx) => {
        await tx
          .update(staffInvites)
          .set({ revokedAt: now })
          .where(and(eq(staffInvites.email, input.email), openInvite(now)));
        await tx.insert(staffInvites).values({
          email: input.email,
          staffRole: input.staffRole,
          tokenHash: tokenHashOf(token),
          invitedBy: actor.id,
          createdAt: now,
          expiresAt,
        });
        await enqueueMail(
          tx,
          staffInviteMail(
            { recipient: input.email, invitedBy: actor.email, staffRole: input.staffRole, link, until },
            store,
          ),
          now,
        );
        await writeAuditLine(
          tx,
          {
            actor,
            area: 'staff',
            changes: [{ key: 'invite', from: null, to: `${input.email} as ${input.staffRole}` }],
          },
          now,
        );
      });
      // The same link the mail carries, for the owner to share on WhatsApp as well.
      return {
        link,
        shareText: staffInviteShareText({
          storeName: store.storeName,
          staffRole: input.staffRole,
          link,
          until,
        }),
      };
    },

    async revokeInvite(actor: SettingsActor, id: number): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const [revoked] = await tx
          .update(staffInvites)
          .set({ revokedAt: now })
          .where(and(eq(staffInvites.id, id), openInvite(now)))
          .returning({ email: staffInvites.email, staffRole: staffInvites.staffRole });
        if (!revoked) throw notFound(STAFF_MESSAGES.inviteNotFound);
        await writeAuditLine(
          tx,
          {
            actor,
            area: 'staff',
            changes: [{ key: 'invite', from: `${revoked.email} as ${revoked.staffRole}`, to: null }],
          },
          now,
        );
      });
    },

    /** A new role, or 'none' to take the back office away; never the last owner's. */
    async changeRole(actor: SettingsActor, userId: number, staffRole: StaffRole | 'none'): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        // Every admin row is locked, so two owners demoting each other at once cannot both succeed.
        const admins = await lockStaffAccounts(tx);
        const target = admins.find((admin) => admin.id === userId);
        if (!target) throw notFound(STAFF_MESSAGES.notStaff);
        if (target.staffRole === staffRole) return;
        const owners = admins.filter((admin) => admin.staffRole === 'owner');
        if (target.staffRole === 'owner' && owners.length === 1) throw conflict(STAFF_MESSAGES.lastOwner);
        await setStaffRole(tx, userId, staffRole);
        await writeAuditLine(
          tx,
          { actor, area: 'staff', changes: [{ key: target.email, from: target.staffRole, to: staffRole }] },
          now,
        );
      });
    },

    /** What an invitation link offers, or 404 when it is unknown, used, revoked or expired. */
    async invitation(token: string): Promise<StaffInvitation> {
      const invite = await findOpenInvite(token);
      const account = await accountByEmail(db, invite.email);
      return {
        email: invite.email,
        staffRole: invite.staffRole,
        storeName: store.storeName,
        existingAccount: account !== undefined,
      };
    },

    /**
     * Makes the invitee staff with the invited role: a new account, or their existing one (whose
     * password becomes the one set here: the link reached their inbox, as a reset link would).
     * The link proves the inbox and nothing else about that account: whoever registered the
     * address, which nobody verified, may have signed in or added their own mobile number. So its
     * sessions end and its number goes (to be verified again), and only the one who set the password
     * here can sign in to the back office.
     */
    async accept(
      token: string,
      input: AcceptStaffInvite,
      ip: string,
    ): Promise<{ email: string; staffRole: StaffRole; userId: number }> {
      // Decision 0056: each address has a few tries, and the link is checked before the password
      // is hashed, so nobody can spend the store's CPU with made-up links.
      const tooManyTries = (wait: number) =>
        tooMany(`Too many tries. Please try again in ${waitInWords(wait)}.`, wait);
      const remembered = refusedAddresses.waitSeconds(ip);
      if (remembered > 0) throw tooManyTries(remembered);
      const wait = await acceptLimiter.consume(ip);
      if (wait > 0) {
        refusedAddresses.remember(ip, wait);
        throw tooManyTries(wait);
      }
      await findOpenInvite(token);
      const passwordHash = await hashPassword(input.password, passwordCost, ip);
      const now = clock.now();
      return db.transaction(async (tx) => {
        // Claimed under a row lock, so two uses of one link cannot both succeed.
        const [invite] = await tx
          .update(staffInvites)
          .set({ acceptedAt: now })
          .where(and(eq(staffInvites.tokenHash, tokenHashOf(token)), openInvite(now)))
          .returning();
        if (!invite) throw notFound(STAFF_MESSAGES.inviteGone);
        const userId = await makeStaffAccount(tx, invite, { passwordHash, fullName: input.fullName }, now);
        return { email: invite.email, staffRole: invite.staffRole, userId };
      });
    },
  };
}
