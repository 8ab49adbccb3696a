import {
  type AcceptInviteInput,
  type ChangeOwnPasswordInput,
  type InviteStaffInput,
  type SessionUser,
  staffMessages,
  type StaffMember,
  staffRoleLabels,
  type StaffRole,
  staffRoleOf,
  type UpdateStaffInput,
} from '@bilum/shared';
import { and, asc, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { staffInvites, users } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { SecretHasher } from '../../security/server-key';
import { type AdminCaller, actorOfCaller, recordActivity } from '../audit/audit.service';
import { hashPassword, randomToken, verifyPassword } from '../auth/passwords';
import type { SessionService } from '../auth/session.service';
import type { Mailer } from '../mail/mail.service';
import { staffSecurityNoticeEmail } from '../second-factor/second-factor.emails';
import { staffInviteEmail } from './staff.emails';

export const inviteRules = { validMs: 72 * 60 * 60_000 } as const;
const invitePurpose = 'staff-invite-link';

interface StaffDeps {
  db: Database;
  sessions: SessionService;
  mailer: Mailer;
  secrets: SecretHasher;
  shopUrl: string;
  /** ADMIN_USERNAME and whether ADMIN_PASSWORD sets its password (config.admin). */
  admin: { username: string; password: string | undefined };
  now?: () => Date;
}

/** Staff accounts (issue 21, decision 016): invitations, roles, disabling, a staff member's own password. */
export function createStaffService({
  db,
  sessions,
  mailer,
  secrets,
  shopUrl,
  admin,
  now = () => new Date(),
}: StaffDeps) {
  const configuredOwner = admin.username.trim().toLowerCase();

  async function one(id: number): Promise<StaffMember> {
    const [member] = (await list()).staff.filter((row) => row.id === id);
    if (!member) throw notFound('No such staff account.');
    return member;
  }

  async function list(): Promise<{ staff: StaffMember[] }> {
    const rows = await db
      .select({
        id: users.id,
        email: users.email,
        fullName: users.fullName,
        role: users.role,
        staffRole: users.staffRole,
        disabledAt: users.disabledAt,
        createdAt: users.createdAt,
        // Invited and never accepted: an invitation exists and none was used.
        secondFactor: sql<boolean>`exists (select 1 from staff_second_factors f where f.user_id = "users"."id" and f.confirmed_at is not null)`,
        invited: sql<boolean>`(exists (select 1 from staff_invites i where i.user_id = "users"."id")
          and not exists (select 1 from staff_invites i where i.user_id = "users"."id" and i.used_at is not null))`,
      })
      .from(users)
      .where(eq(users.role, 'admin'))
      .orderBy(asc(users.id));
    return {
      staff: rows.map((row) => ({
        id: row.id,
        email: row.email,
        fullName: row.fullName,
        role: staffRoleOf(row) ?? 'staff',
        status: row.disabledAt ? 'disabled' : row.invited ? 'invited' : 'active',
        isConfiguredOwner: row.email === configuredOwner,
        secondFactor: row.secondFactor,
        createdAt: row.createdAt.toISOString(),
      })),
    };
  }

  return {
    list,

    /**
     * Invites a staff member: the account exists from now on with a random password nobody knows, and the e-mailed
     * link (single use, expiring, kept as its HMAC) sets it. Inviting a staff member's e-mail again sends a new link
     * (the old one stops working; the password stays until the link is used), which is also how a staff member who
     * forgot their password gets a new one. An e-mail of a shopper, of the ADMIN_USERNAME account or of a disabled
     * account is refused (409).
     */
    async invite(caller: AdminCaller, input: InviteStaffInput): Promise<StaffMember> {
      const email = input.email.trim().toLowerCase();
      const token = randomToken();
      const at = now();
      const expiresAt = new Date(at.getTime() + inviteRules.validMs);
      const unusable = await hashPassword(randomToken());
      const id = await db.transaction(async (tx) => {
        const [existing] = await tx.select().from(users).where(eq(users.email, email)).for('update');
        let userId: number;
        if (existing) {
          // A staff account (not the ADMIN_USERNAME one, not disabled) may be sent a new link: an invitation not yet
          // used, or a set-password link for someone who forgot theirs. Any other account keeps its e-mail.
          if (
            existing.role !== 'admin' ||
            existing.disabledAt ||
            existing.email === configuredOwner ||
            existing.id === caller.id
          ) {
            throw new AppError('CONFLICT', staffMessages.emailTaken, undefined, [
              { path: 'email', message: staffMessages.emailTaken },
            ]);
          }
          await tx
            .update(users)
            .set({ fullName: input.fullName, staffRole: input.role, updatedAt: at })
            .where(eq(users.id, existing.id));
          // Only the newest link works: the earlier unused ones go.
          await tx.delete(staffInvites).where(and(eq(staffInvites.userId, existing.id), isNull(staffInvites.usedAt)));
          userId = existing.id;
        } else {
          const [created] = await tx
            .insert(users)
            .values({
              email,
              fullName: input.fullName,
              role: 'admin',
              staffRole: input.role,
              passwordHash: unusable,
              createdAt: at,
              updatedAt: at,
            })
            .returning({ id: users.id });
          if (!created) throw new Error('insert returned nothing');
          userId = created.id;
        }
        await tx.insert(staffInvites).values({
          userId,
          tokenHash: secrets.hash(invitePurpose, token),
          expiresAt,
          invitedBy: caller.id,
          createdAt: at,
        });
        await mailer.enqueue(
          tx,
          staffInviteEmail({
            to: email,
            fullName: input.fullName,
            role: input.role,
            invitedBy: caller.fullName || caller.email,
            shopUrl,
            token,
            validHours: inviteRules.validMs / 3_600_000,
            expiresAt,
          }),
        );
        await recordActivity(tx, {
          actor: actorOfCaller(caller),
          action: existing ? 'staff.re-invited' : 'staff.invited',
          entityType: 'staff',
          entityId: userId,
          summary: existing
            ? `Sent a new set-password link to ${input.fullName} <${email}> (${staffRoleLabels[input.role]})`
            : `Invited ${input.fullName} <${email}> as ${staffRoleLabels[input.role]}`,
          before: existing ? { fullName: existing.fullName, role: existing.staffRole } : null,
          after: { email, fullName: input.fullName, role: input.role, status: 'invited' },
        });
        return userId;
      });
      mailer.wake();
      return one(id);
    },

    /** Sets an invited account's password with the link's token; the link then stops working. */
    async acceptInvite(input: AcceptInviteInput): Promise<void> {
      const passwordHash = await hashPassword(input.password);
      const at = now();
      await db.transaction(async (tx) => {
        const [invite] = await tx
          .select({ id: staffInvites.id, userId: staffInvites.userId })
          .from(staffInvites)
          .where(
            and(
              eq(staffInvites.tokenHash, secrets.hash(invitePurpose, input.token)),
              isNull(staffInvites.usedAt),
              gt(staffInvites.expiresAt, at),
            ),
          )
          .for('update');
        if (!invite) throw new AppError('VALIDATION', staffMessages.inviteInvalid);
        const [user] = await tx.select().from(users).where(eq(users.id, invite.userId)).for('update');
        if (!user || user.role !== 'admin' || user.disabledAt) {
          throw new AppError('VALIDATION', staffMessages.inviteInvalid);
        }
        // A staff member who had set a password before (a new set-password link, issue 21) changes it now: they
        // are told, as for any staff password change (issue 28).
        const [earlier] = await tx
          .select({ id: staffInvites.id })
          .from(staffInvites)
          .where(and(eq(staffInvites.userId, user.id), isNotNull(staffInvites.usedAt)))
          .limit(1);
        await tx.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, user.id));
        await tx.update(staffInvites).set({ usedAt: at }).where(eq(staffInvites.id, invite.id));
        if (earlier) {
          await mailer.enqueue(
            tx,
            staffSecurityNoticeEmail({
              to: user.email,
              fullName: user.fullName,
              change: 'password-changed',
              at,
              shopUrl,
            }),
          );
        }
        await sessions.revokeAllForUser(tx, user.id);
        await recordActivity(tx, {
          actor: { kind: 'staff', userId: user.id, name: user.fullName || user.email },
          action: 'staff.invite-accepted',
          entityType: 'staff',
          entityId: user.id,
          summary: `${user.fullName} <${user.email}> accepted the invitation and set a password`,
          before: { status: 'invited' },
          after: { status: 'active' },
        });
      });
      mailer.wake();
    },

    /**
     * The owner changes a staff member's role or disables (enables) the account. A disabled account's sessions end
     * now, and the session check refuses it from its next request. Not for one's own account, nor the
     * ADMIN_USERNAME account (the server's configuration sets it).
     */
    async update(caller: AdminCaller, id: number, input: UpdateStaffInput): Promise<StaffMember> {
      const at = now();
      await db.transaction(async (tx) => {
        const [user] = await tx
          .select()
          .from(users)
          .where(and(eq(users.id, id), eq(users.role, 'admin')))
          .for('update');
        if (!user) throw notFound('No such staff account.');
        if (caller.id === user.id) throw new AppError('CONFLICT', staffMessages.notYourself);
        if (user.email === configuredOwner) throw new AppError('CONFLICT', staffMessages.ownerProtected);
        const beforeRole = staffRoleOf(user) ?? 'staff';
        const role: StaffRole = input.role ?? beforeRole;
        const disabled = input.disabled ?? user.disabledAt !== null;
        const before = { role: beforeRole, disabled: user.disabledAt !== null };
        const after = { role, disabled };
        if (before.role === after.role && before.disabled === after.disabled) return;
        if (beforeRole === 'owner' && (role !== 'owner' || disabled)) {
          const [others] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(users)
            .where(
              and(eq(users.role, 'admin'), eq(users.staffRole, 'owner'), isNull(users.disabledAt), ne(users.id, id)),
            );
          if ((others?.n ?? 0) === 0) throw new AppError('CONFLICT', staffMessages.lastOwner);
        }
        await tx
          .update(users)
          .set({ staffRole: role, disabledAt: disabled ? (user.disabledAt ?? at) : null, updatedAt: at })
          .where(eq(users.id, id));
        if (disabled) await sessions.revokeAllForUser(tx, id);
        const parts: string[] = [];
        if (before.role !== role) parts.push(`role ${staffRoleLabels[before.role]} → ${staffRoleLabels[role]}`);
        if (before.disabled !== disabled) parts.push(disabled ? 'disabled' : 'enabled again');
        const onlyChanged = (value: typeof before) =>
          Object.fromEntries(
            Object.entries(value).filter(
              ([key]) => before[key as keyof typeof before] !== after[key as keyof typeof after],
            ),
          );
        await recordActivity(tx, {
          actor: actorOfCaller(caller),
          action: before.disabled !== disabled ? (disabled ? 'staff.disabled' : 'staff.enabled') : 'staff.role-changed',
          entityType: 'staff',
          entityId: id,
          summary: `${user.fullName} <${user.email}>: ${parts.join(', ')}`,
          before: onlyChanged(before),
          after: onlyChanged(after),
        });
      });
      return one(id);
    },

    /** A staff member changes their own password; their other sessions end. */
    async changeOwnPassword(user: SessionUser, sessionId: string | null, input: ChangeOwnPasswordInput) {
      if (user.email === configuredOwner && admin.password) {
        throw new AppError('CONFLICT', 'Your password is set by ADMIN_PASSWORD on the server: change it there.');
      }
      const [row] = await db.select().from(users).where(eq(users.id, user.id)).limit(1);
      if (!row || !(await verifyPassword(row.passwordHash, input.currentPassword))) {
        throw new AppError('VALIDATION', staffMessages.wrongPassword, undefined, [
          { path: 'currentPassword', message: staffMessages.wrongPassword },
        ]);
      }
      const passwordHash = await hashPassword(input.newPassword);
      const at = now();
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, user.id));
        if (sessionId) await sessions.revokeOthersForUser(tx, user.id, sessionId);
        else await sessions.revokeAllForUser(tx, user.id);
        await recordActivity(tx, {
          actor: { kind: 'staff', userId: user.id, name: user.fullName || user.email },
          action: 'staff.password-changed',
          entityType: 'staff',
          entityId: user.id,
          summary: `${user.fullName || user.email} changed their password (other sessions signed out)`,
          before: { passwordChangedAt: row.updatedAt.toISOString() },
          after: { passwordChangedAt: at.toISOString() },
        });
        // Issue 28: the staff member is told, through the outbox, in this transaction.
        await mailer.enqueue(
          tx,
          staffSecurityNoticeEmail({ to: row.email, fullName: row.fullName, change: 'password-changed', at, shopUrl }),
        );
      });
      mailer.wake();
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
