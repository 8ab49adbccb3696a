import { accountMessages, resetCodeLength } from '@bilum/shared';
import { and, count, desc, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { passwordResets, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { SecretHasher } from '../../security/server-key';
import { type EmailLocale, emailLocaleOf } from '../mail/email-locale';
import type { Mailer } from '../mail/mail.service';
import { hashPassword, randomDigits, randomToken } from './passwords';
import { passwordChangedEmail, resetCodeEmail } from './password-reset.emails';
import type { SessionService } from './session.service';

export const resetRules = {
  validMs: 15 * 60_000,
  /** Wrong codes allowed per reset; after that even the right code fails (a new code must be asked for). */
  maxWrongCodes: 5,
  /**
   * Reset e-mails one account gets in `validMs`; further requests answer the same but send nothing (and leave the
   * newest code working), so strangers can neither flood an inbox nor, by asking again, hold the owner back.
   */
  maxEmailsPerWindow: 5,
} as const;

/** What the database keeps of a code and a link: HMACs under the server key (issue 16), so a copy of the database
 *  alone cannot be used to find a 6-digit code by trying all million. */
const codePurpose = 'password-reset-code';
const linkPurpose = 'password-reset-link';
const codeSubject = (userId: number, code: string) => `${userId}:${code}`;

interface ResetDeps {
  db: Database;
  sessions: SessionService;
  mailer: Mailer;
  /** The server key's HMAC (security/server-key.ts). */
  secrets: SecretHasher;
  /** The shop's address for links in e-mails. */
  shopUrl: string;
  now?: () => Date;
}

type LockedReset = {
  id: number;
  userId: number;
  email: string;
  fullName: string;
  codeHash: string;
  failedAttempts: number;
};

export function createPasswordResetService({
  db,
  sessions,
  mailer,
  secrets,
  shopUrl,
  now = () => new Date(),
}: ResetDeps) {
  /** The newest open reset of an account, locked for this transaction so tries are counted one at a time. */
  async function lockOpenReset(tx: Transaction, where: SQL): Promise<LockedReset | undefined> {
    const [reset] = await tx
      .select({
        id: passwordResets.id,
        userId: passwordResets.userId,
        email: users.email,
        fullName: users.fullName,
        codeHash: passwordResets.codeHash,
        failedAttempts: passwordResets.failedAttempts,
      })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(and(where, isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now())))
      .orderBy(desc(passwordResets.id))
      .limit(1)
      .for('update', { of: passwordResets });
    return reset;
  }

  /**
   * Checks an e-mailed code inside `tx`: a wrong code counts as a try (and is saved even though the caller then
   * fails), and after the fifth wrong try the reset is closed. Returns the reset when the code is right.
   */
  async function checkCode(tx: Transaction, email: string, code: string): Promise<LockedReset | null> {
    const reset = await lockOpenReset(tx, eq(users.email, email));
    if (!reset || reset.failedAttempts >= resetRules.maxWrongCodes) return null;
    if (secrets.matches(codePurpose, codeSubject(reset.userId, code), reset.codeHash)) return reset;
    await tx
      .update(passwordResets)
      .set({ failedAttempts: reset.failedAttempts + 1 })
      .where(eq(passwordResets.id, reset.id));
    return null;
  }

  /** Sets the new password, closes the reset and ends every session of the account. */
  async function completeReset(tx: Transaction, reset: LockedReset, passwordHash: string, locale: EmailLocale) {
    const at = now();
    await tx.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, reset.userId));
    await tx.update(passwordResets).set({ usedAt: at }).where(eq(passwordResets.userId, reset.userId));
    await sessions.revokeAllForUser(tx, reset.userId);
    await mailer.enqueue(tx, passwordChangedEmail({ to: reset.email, fullName: reset.fullName, shopUrl, locale }));
  }

  const invalidCode = () => new AppError('VALIDATION', accountMessages.codeInvalid);

  /** Opens a reset for a registered shopper and e-mails its code and link; nothing for any other address. */
  async function openReset(email: string, locale: EmailLocale): Promise<void> {
    const [user] = await db
      .select({ id: users.id, fullName: users.fullName, role: users.role })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    if (!user || user.role !== 'shopper') return;
    const windowStart = new Date(now().getTime() - resetRules.validMs);
    const [recent] = await db
      .select({ count: count() })
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, user.id), gt(passwordResets.createdAt, windowStart)));
    if ((recent?.count ?? 0) >= resetRules.maxEmailsPerWindow) return;
    const code = randomDigits(resetCodeLength);
    const token = randomToken();
    const at = now();
    const expiresAt = new Date(at.getTime() + resetRules.validMs);
    await db.transaction(async (tx) => {
      // Only the newest code and link work.
      await tx
        .update(passwordResets)
        .set({ usedAt: at })
        .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
      await tx.insert(passwordResets).values({
        userId: user.id,
        codeHash: secrets.hash(codePurpose, codeSubject(user.id, code)),
        tokenHash: secrets.hash(linkPurpose, token),
        expiresAt,
        createdAt: at,
      });
      await mailer.enqueue(
        tx,
        resetCodeEmail({
          to: email,
          fullName: user.fullName,
          code,
          token,
          shopUrl,
          validMinutes: resetRules.validMs / 60_000,
          expiresAt,
          locale,
        }),
      );
    });
    mailer.wake();
  }

  // The outbox worker composes the e-mail (decision 017): a crash after the answer loses nothing.
  mailer.jobs.handle('password-reset', async (job) => {
    const { email, locale } = job.payload as { email?: unknown; locale?: unknown };
    // The language of the request that asked (issue 31); a job queued before it has none: English.
    if (typeof email === 'string') await openReset(email, emailLocaleOf(locale));
  });

  return {
    /**
     * Always the same answer in the same time, whether or not the e-mail is registered (decisions.md; issue 16):
     * the request only stores a durable job (the same insert for any address); the outbox worker looks the
     * address up and writes the e-mail after the answer.
     */
    async requestReset(email: string, locale: EmailLocale = 'en'): Promise<void> {
      await mailer.jobs.enqueue(db, { kind: 'password-reset', payload: { email, locale } });
      mailer.wake();
    },

    /** Step 1 of /verify-otp: is this the right code? (It stays usable for step 2.) */
    async verifyCode(email: string, code: string): Promise<void> {
      const ok = await db.transaction(async (tx) => (await checkCode(tx, email, code)) !== null);
      if (!ok) throw invalidCode();
    },

    /** Step 2 of /verify-otp: the code again, with the new password. */
    async resetWithCode(email: string, code: string, password: string, locale: EmailLocale = 'en'): Promise<void> {
      const passwordHash = await hashPassword(password);
      const ok = await db.transaction(async (tx) => {
        const reset = await checkCode(tx, email, code);
        if (reset) await completeReset(tx, reset, passwordHash, locale);
        return reset !== null;
      });
      if (!ok) throw invalidCode();
      mailer.wake();
    },

    /** /reset-password?token=…: the link from the e-mail. */
    async resetWithToken(token: string, password: string, locale: EmailLocale = 'en'): Promise<void> {
      const passwordHash = await hashPassword(password);
      const ok = await db.transaction(async (tx) => {
        const reset = await lockOpenReset(tx, eq(passwordResets.tokenHash, secrets.hash(linkPurpose, token)));
        if (reset) await completeReset(tx, reset, passwordHash, locale);
        return reset !== undefined;
      });
      if (!ok) throw new AppError('VALIDATION', accountMessages.tokenInvalid);
      mailer.wake();
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
