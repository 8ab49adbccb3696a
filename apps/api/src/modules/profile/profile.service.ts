import { fullPhoneNumber, type Profile, profileMessages, splitFullName, type UpdateProfile } from '@bilum/shared';
import { and, eq, ne } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { type UserRow, users } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { SecretHasher } from '../../security/server-key';
import { hashPassword, randomToken, verifyPassword } from '../auth/passwords';
import type { SessionService } from '../auth/session.service';
import type { EmailLocale } from '../mail/email-locale';
import type { Mailer } from '../mail/mail.service';
import { membershipSummary } from '../membership/membership-status';
import { createOrderHistoryService } from '../orders/order-history.service';
import { confirmNewEmail, emailChangedNotice, passwordChangedNotice } from './profile.emails';

/** The profile of one user; names come from the profile fields, or from the registration's full name. */
async function readProfile(db: DbExecutor, userId: number): Promise<Profile> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound(profileMessages.notFound);
  const fromFullName = splitFullName(user.fullName);
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    firstName: user.firstName ?? fromFullName.firstName,
    lastName: user.lastName ?? fromFullName.lastName,
    phone: user.phone ?? '',
    address: user.address ?? '',
    city: user.city ?? '',
    state: user.state ?? '',
    postcode: user.postcode ?? '',
    // An expired request is as good as none.
    pendingEmail:
      user.pendingEmail && user.pendingEmailExpiresAt && user.pendingEmailExpiresAt > new Date()
        ? user.pendingEmail
        : null,
    membership: await membershipSummary(db, userId),
    // Offered only while the profile has no address of its own (issue 17).
    lastOrderAddress: hasAddress(user) ? null : await createOrderHistoryService(db).lastDeliveryAddress(userId),
    textMessages: user.textMessages,
  };
}

const hasAddress = (user: Pick<UserRow, 'address' | 'city' | 'state' | 'postcode'>) =>
  [user.address, user.city, user.state, user.postcode].some((part) => (part ?? '').trim() !== '');

const emailTaken = () =>
  new AppError('CONFLICT', profileMessages.emailTaken, undefined, [
    { path: 'email', message: profileMessages.emailTaken },
  ]);

/** How long the link e-mailed to a new address works. */
export const emailChangeRules = { validMs: 24 * 60 * 60_000 } as const;

/** The purpose of the e-mail-change token's HMAC (security/server-key.ts). */
const emailChangeTokenPurpose = 'email-change-token';

interface ProfileDeps {
  db: Database;
  sessions: SessionService;
  mailer: Mailer;
  /** Secrets at rest: the e-mail-change token is stored only as its HMAC. */
  secrets: SecretHasher;
  /** The shop's address for links in e-mails. */
  shopUrl: string;
  now?: () => Date;
}

/** The signed-in shopper's own profile (the spec's get_user_full_profile and update_user_profile). */
export function createProfileService({ db, sessions, mailer, secrets, shopUrl, now = () => new Date() }: ProfileDeps) {
  /**
   * A new e-mail or password needs the account's current password (issue 16, finding 3: a stolen session alone
   * must not take the account over). A wrong one answers 403 with a field message; the route counts those as
   * password guesses (modules/auth/password-guess-limits.ts).
   */
  async function checkCurrentPassword(passwordHash: string, currentPassword: string | undefined) {
    if (!currentPassword) {
      throw new AppError('VALIDATION', profileMessages.currentPasswordMissing, undefined, [
        { path: 'currentPassword', message: profileMessages.currentPasswordMissing },
      ]);
    }
    if (!(await verifyPassword(passwordHash, currentPassword))) {
      throw new AppError('FORBIDDEN', profileMessages.currentPasswordWrong, undefined, [
        { path: 'currentPassword', message: profileMessages.currentPasswordWrong },
      ]);
    }
  }

  return {
    getProfile: (userId: number) => readProfile(db, userId),

    /**
     * "Use this address" (issue 17): saves the delivery address of the shopper's latest paid order as the
     * profile's address, in one click. The address comes from the order on the server, never from the request.
     */
    async saveLastOrderAddress(userId: number): Promise<{ message: string; profile: Profile }> {
      const address = await createOrderHistoryService(db).lastDeliveryAddress(userId);
      if (!address) throw new AppError('CONFLICT', profileMessages.noOrderAddress);
      await db
        .update(users)
        .set({ ...address, updatedAt: now() })
        .where(eq(users.id, userId));
      return { message: profileMessages.lastOrderAddressSaved, profile: await readProfile(db, userId) };
    },

    /**
     * Saves the profile. A new password or e-mail needs the current password. A new password ends the shopper's
     * other sessions (the session that made the change stays signed in) and is told to the account's address. A
     * new e-mail is not used yet: it waits in `pendingEmail` until the link e-mailed to it is opened
     * (`confirmEmailChange`).
     */
    async updateProfile(userId: number, currentSessionId: string, input: UpdateProfile, locale: EmailLocale = 'en') {
      const [account] = await db
        .select({ email: users.email, fullName: users.fullName, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      if (!account) throw notFound(profileMessages.notFound);
      const newPassword = input.password ? input.password : null;
      const newEmail = input.email !== account.email ? input.email : null;
      if (newPassword || newEmail) await checkCurrentPassword(account.passwordHash, input.currentPassword);
      const passwordHash = newPassword ? await hashPassword(newPassword) : null;
      const emailToken = newEmail ? randomToken() : null;
      const at = now();
      const expiresAt = new Date(at.getTime() + emailChangeRules.validMs);

      const profile = await db.transaction(async (tx) => {
        if (newEmail) {
          const [other] = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.email, newEmail), ne(users.id, userId)))
            .limit(1);
          if (other) throw emailTaken();
        }
        const updated = await tx
          .update(users)
          .set({
            firstName: input.firstName,
            lastName: input.lastName,
            fullName: `${input.firstName} ${input.lastName}`,
            phone: fullPhoneNumber(input.countryCode, input.phone),
            address: input.address,
            city: input.city,
            state: input.state,
            postcode: input.postcode,
            // Issue 31: texts about orders on or off (left out: unchanged).
            ...(input.textMessages !== undefined ? { textMessages: input.textMessages } : {}),
            ...(passwordHash ? { passwordHash } : {}),
            // A new request replaces an earlier one: only the newest link works.
            ...(newEmail && emailToken
              ? {
                  pendingEmail: newEmail,
                  pendingEmailTokenHash: secrets.hash(emailChangeTokenPurpose, emailToken),
                  pendingEmailExpiresAt: expiresAt,
                }
              : {}),
            updatedAt: at,
          })
          .where(eq(users.id, userId))
          .returning({ id: users.id, fullName: users.fullName });
        const [user] = updated;
        if (!user) throw notFound(profileMessages.notFound);
        if (passwordHash) {
          await sessions.revokeOthersForUser(tx, userId, currentSessionId);
          await mailer.enqueue(
            tx,
            passwordChangedNotice({ to: account.email, fullName: user.fullName, shopUrl, locale }),
          );
        }
        if (newEmail && emailToken) {
          await mailer.enqueue(
            tx,
            confirmNewEmail({
              to: newEmail,
              fullName: user.fullName,
              shopUrl,
              token: emailToken,
              expiresAt,
              validHours: emailChangeRules.validMs / 3_600_000,
              locale,
            }),
          );
        }
        return readProfile(tx, userId);
      });
      if (passwordHash || newEmail) mailer.wake();
      return {
        message: newEmail ? `${profileMessages.saved} ${profileMessages.emailChangeSent}` : profileMessages.saved,
        profile,
        passwordChanged: passwordHash !== null,
      };
    },

    /**
     * The link from the e-mail to the new address: that address becomes the account's e-mail (unless another
     * account has taken it meanwhile), the link stops working, and the old address is told.
     */
    async confirmEmailChange(token: string, locale: EmailLocale = 'en'): Promise<{ message: string; email: string }> {
      const tokenHash = secrets.hash(emailChangeTokenPurpose, token);
      const at = now();
      const result = await db.transaction(async (tx) => {
        const [user] = await tx
          .select({
            id: users.id,
            email: users.email,
            fullName: users.fullName,
            pendingEmail: users.pendingEmail,
            expiresAt: users.pendingEmailExpiresAt,
          })
          .from(users)
          .where(eq(users.pendingEmailTokenHash, tokenHash))
          .limit(1)
          .for('update');
        if (!user?.pendingEmail || !user.expiresAt || user.expiresAt <= at) return null;
        const [other] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, user.pendingEmail), ne(users.id, user.id)))
          .limit(1);
        if (other) throw emailTaken();
        await tx
          .update(users)
          .set({
            email: user.pendingEmail,
            pendingEmail: null,
            pendingEmailTokenHash: null,
            pendingEmailExpiresAt: null,
            updatedAt: at,
          })
          .where(eq(users.id, user.id));
        await mailer.enqueue(
          tx,
          emailChangedNotice({ to: user.email, fullName: user.fullName, newEmail: user.pendingEmail, shopUrl, locale }),
        );
        return { message: profileMessages.emailConfirmed, email: user.pendingEmail };
      });
      if (!result) throw new AppError('VALIDATION', profileMessages.emailLinkInvalid);
      mailer.wake();
      return result;
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
