import type { SessionUser } from '@bilum/shared';
import { and, eq, lte, ne, or } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { sessionUserOf } from './auth.service';
import { randomToken, sha256 } from './passwords';

export const sessionLifetimes = {
  /** Signed out after a week without use… */
  idleMs: 7 * 24 * 60 * 60_000,
  /** …and after 30 days in any case. */
  absoluteMs: 30 * 24 * 60 * 60_000,
  /** Sliding the idle expiry at most this often saves a write on every request. */
  touchEveryMs: 60 * 60_000,
} as const;

export type SessionStage = 'second-factor' | 'enrol';

export interface ResolvedSession {
  sessionId: string;
  user: SessionUser;
  /** Issue 28: a staff sign-in waiting for its second step (no rights yet); null for a full session. */
  stage: SessionStage | null;
  expiresAt: Date;
}

export function createSessionService(db: DbExecutor, now: () => Date = () => new Date()) {
  return {
    /** A new session: the token goes into the cookie, only its hash into the table. */
    async create(
      tx: DbExecutor,
      userId: number,
      pending?: { stage: SessionStage; lifetimeMs: number },
    ): Promise<{ token: string; sessionId: string }> {
      const token = randomToken();
      const sessionId = sha256(token);
      const at = now();
      // Drop this user's expired sessions while we are here, so the table does not grow without end.
      await tx
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), or(lte(sessions.expiresAt, at), lte(sessions.absoluteExpiresAt, at))));
      await tx.insert(sessions).values({
        id: sessionId,
        userId,
        createdAt: at,
        lastSeenAt: at,
        expiresAt: new Date(at.getTime() + (pending?.lifetimeMs ?? sessionLifetimes.idleMs)),
        absoluteExpiresAt: new Date(at.getTime() + (pending?.lifetimeMs ?? sessionLifetimes.absoluteMs)),
        stage: pending?.stage ?? null,
      });
      return { token, sessionId };
    },

    /** The signed-in user for a cookie token, or null when it is unknown or expired. */
    async resolve(token: string): Promise<ResolvedSession | null> {
      const sessionId = sha256(token);
      const [row] = await db
        .select({
          session: sessions,
          user: {
            id: users.id,
            email: users.email,
            fullName: users.fullName,
            role: users.role,
            staffRole: users.staffRole,
            disabledAt: users.disabledAt,
          },
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, sessionId))
        .limit(1);
      if (!row) return null;
      const at = now();
      const { session } = row;
      // A disabled staff account (issue 21) is signed out at its next request.
      if (session.expiresAt <= at || session.absoluteExpiresAt <= at || row.user.disabledAt) {
        await db.delete(sessions).where(eq(sessions.id, sessionId));
        return null;
      }
      if (session.stage) {
        return { sessionId, user: sessionUserOf(row.user), stage: session.stage, expiresAt: session.expiresAt };
      }
      if (at.getTime() - session.lastSeenAt.getTime() >= sessionLifetimes.touchEveryMs) {
        const slid = Math.min(at.getTime() + sessionLifetimes.idleMs, session.absoluteExpiresAt.getTime());
        // Issue 27: a touch that cannot be written (a full disk) is tried again at the next request; it never
        // fails this one (a checkout on a full disk answers what became of the order, not a 500 about the session).
        await db
          .update(sessions)
          .set({ lastSeenAt: at, expiresAt: new Date(slid) })
          .where(eq(sessions.id, sessionId))
          .catch(() => undefined);
      }
      return { sessionId, user: sessionUserOf(row.user), stage: null, expiresAt: session.expiresAt };
    },

    async revoke(tx: DbExecutor, sessionId: string): Promise<void> {
      await tx.delete(sessions).where(eq(sessions.id, sessionId));
    },

    /** Ends every session of a user but the one in use (a password change from the profile). */
    async revokeOthersForUser(tx: DbExecutor, userId: number, keepSessionId: string): Promise<void> {
      await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
    },

    /** Ends every session of a user (password reset, password change). */
    async revokeAllForUser(tx: DbExecutor, userId: number): Promise<void> {
      await tx.delete(sessions).where(eq(sessions.userId, userId));
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
