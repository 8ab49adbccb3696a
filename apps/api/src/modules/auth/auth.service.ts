import {
  accountMessages,
  fullPhoneNumber,
  type LoginInput,
  type RegisterInput,
  rolePermissions,
  secondFactorRules,
  type SessionUser,
  type StaffRole,
  staffRoleOf,
} from '@bilum/shared';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { hashPassword, verifyPassword } from './passwords';
import type { SessionService, SessionStage } from './session.service';

/** The columns a session shows of a user (staffRole and disabledAt are turned into permissions by sessionUserOf). */
export const sessionUserColumns = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  role: users.role,
  staffRole: users.staffRole,
  disabledAt: users.disabledAt,
};

/** The session's view of a user row: a staff account's role and permissions (issue 21), nothing extra for shoppers. */
export function sessionUserOf(row: {
  id: number;
  email: string;
  fullName: string;
  role: SessionUser['role'];
  staffRole: StaffRole | null;
}): SessionUser {
  const user: SessionUser = { id: row.id, email: row.email, fullName: row.fullName, role: row.role };
  const staffRole = staffRoleOf(row);
  if (staffRole) {
    user.staffRole = staffRole;
    user.permissions = [...rolePermissions[staffRole]];
  }
  return user;
}

export interface SignInResult {
  user: SessionUser;
  /** Goes into the session cookie. */
  token: string;
}

type Credentials = Pick<LoginInput, 'email' | 'password'>;

/** Issue 28: what a staff sign-in needs after the right password (second-factor.service.ts). */
export interface SignInSteps {
  stageAfterPassword(userId: number): Promise<SessionStage | null>;
}

export interface AdminSignInResult extends SignInResult {
  /** Set when the session is only a pending step: the code, or enrolment first. */
  stage: SessionStage | null;
}

export function createAuthService(db: Database, sessions: SessionService, steps?: SignInSteps) {
  /**
   * The user whose password matches, or null; takes as long whether or not the account exists. With `role`,
   * only accounts of that role are looked at: any other account is as unknown as one that does not exist.
   */
  async function checkCredentials({ email, password }: Credentials, role?: SessionUser['role']) {
    const byName = eq(users.email, email.trim().toLowerCase());
    const [row] = await db
      .select({ ...sessionUserColumns, passwordHash: users.passwordHash })
      .from(users)
      .where(role ? and(byName, eq(users.role, role)) : byName)
      .limit(1);
    const matches = await verifyPassword(row?.passwordHash, password);
    // A disabled staff account (issue 21) is as unknown as a wrong password.
    if (!row || !matches || row.disabledAt) return null;
    return sessionUserOf(row);
  }

  /** A new session for the user; the session the request came with (if any) ends, so ids rotate at sign-in. */
  async function startSession(user: SessionUser, previousSessionId: string | null): Promise<SignInResult> {
    return db.transaction(async (tx) => {
      if (previousSessionId) await sessions.revoke(tx, previousSessionId);
      const { token } = await sessions.create(tx, user.id);
      return { user, token };
    });
  }

  return {
    /** Creates a shopper account and signs it in. Registration may say that an e-mail is taken (decisions.md). */
    async register(input: RegisterInput, previousSessionId: string | null): Promise<SignInResult> {
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            email: input.email,
            fullName: input.fullName.trim(),
            phone: fullPhoneNumber(input.countryCode, input.phone),
            passwordHash,
            role: 'shopper',
          })
          .onConflictDoNothing({ target: users.email })
          .returning(sessionUserColumns)
          .then((rows) => rows.map(sessionUserOf));
        if (!user) {
          throw new AppError('CONFLICT', accountMessages.emailTaken, undefined, [
            { path: 'email', message: accountMessages.emailTaken },
          ]);
        }
        if (previousSessionId) await sessions.revoke(tx, previousSessionId);
        const { token } = await sessions.create(tx, user.id);
        return { user, token };
      });
    },

    /** Shopper sign-in; the answer never says whether the e-mail is registered. */
    async login(credentials: Credentials, previousSessionId: string | null): Promise<SignInResult> {
      // Shoppers only (issue 28): staff sign in through the admin's door, where their second factor is asked for;
      // a staff account's right password here is answered exactly as a wrong one (the decoy hash, the same 401).
      const user = await checkCredentials(credentials, 'shopper');
      if (!user) throw new AppError('UNAUTHENTICATED', accountMessages.loginFailed);
      return startSession(user, previousSessionId);
    },

    /**
     * Admin sign-in with a username (kept in the e-mail column). Only administrators' passwords are checked: a
     * shopper's e-mail and password get the same answer, in the same time, as a wrong password (issue 16,
     * finding 7), so this door neither tests shoppers' passwords nor says which e-mails are shoppers'.
     */
    async adminLogin(
      input: { username: string; password: string },
      previousSessionId: string | null,
    ): Promise<AdminSignInResult> {
      const user = await checkCredentials({ email: input.username, password: input.password }, 'admin');
      if (!user) throw new AppError('UNAUTHENTICATED', accountMessages.adminFailed);
      const stage = steps ? await steps.stageAfterPassword(user.id) : null;
      if (!stage) return { ...(await startSession(user, previousSessionId)), stage: null };
      // Issue 28: a session without rights that only the second step can turn into a full one (a new id then).
      const lifetimeMs = stage === 'enrol' ? secondFactorRules.pendingEnrolMs : secondFactorRules.pendingCodeMs;
      return db.transaction(async (tx) => {
        if (previousSessionId) await sessions.revoke(tx, previousSessionId);
        const { token } = await sessions.create(tx, user.id, { stage, lifetimeMs });
        return { user, token, stage };
      });
    },

    /** Issue 28: the second step is done: the pending session ends and a full one starts (a new id). */
    async completeSecondStep(user: SessionUser, pendingSessionId: string): Promise<SignInResult> {
      return startSession(user, pendingSessionId);
    },

    async logout(sessionId: string | null): Promise<void> {
      if (sessionId) await sessions.revoke(db, sessionId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
