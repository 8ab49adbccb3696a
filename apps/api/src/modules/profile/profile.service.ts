import { fullPhoneNumber, type Profile, profileMessages, splitFullName, type UpdateProfile } from '@bilum/shared';
import { and, eq, ne } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { hashPassword } from '../auth/passwords';
import type { SessionService } from '../auth/session.service';
import { membershipSummary } from '../membership/membership-status';

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
    membership: await membershipSummary(db, userId),
  };
}

const emailTaken = () =>
  new AppError('CONFLICT', profileMessages.emailTaken, undefined, [
    { path: 'email', message: profileMessages.emailTaken },
  ]);

/** The signed-in shopper's own profile (the spec's get_user_full_profile and update_user_profile). */
export function createProfileService(db: Database, sessions: SessionService) {
  return {
    getProfile: (userId: number) => readProfile(db, userId),

    /**
     * Saves the profile. A new password (8 characters or more) ends the shopper's other sessions, so a device
     * someone else holds is signed out; the session that made the change stays signed in.
     */
    async updateProfile(userId: number, currentSessionId: string, input: UpdateProfile) {
      const newPassword = input.password ? input.password : null;
      const passwordHash = newPassword ? await hashPassword(newPassword) : null;
      const profile = await db.transaction(async (tx) => {
        const [other] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, input.email), ne(users.id, userId)))
          .limit(1);
        if (other) throw emailTaken();
        const updated = await tx
          .update(users)
          .set({
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            fullName: `${input.firstName} ${input.lastName}`,
            phone: fullPhoneNumber(input.countryCode, input.phone),
            address: input.address,
            city: input.city,
            state: input.state,
            postcode: input.postcode,
            ...(passwordHash ? { passwordHash } : {}),
            updatedAt: new Date(),
          })
          .where(eq(users.id, userId))
          .returning({ id: users.id });
        if (updated.length === 0) throw notFound(profileMessages.notFound);
        if (passwordHash) await sessions.revokeOthersForUser(tx, userId, currentSessionId);
        return readProfile(tx, userId);
      });
      return { message: profileMessages.saved, profile, passwordChanged: passwordHash !== null };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
