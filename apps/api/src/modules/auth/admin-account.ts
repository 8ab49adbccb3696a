import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { users } from '../../db/schema';
import { hashPassword, randomToken, verifyPassword } from './passwords';

export type AdminAccountOutcome =
  | { kind: 'unchanged' }
  | { kind: 'configured'; username: string }
  | { kind: 'created-with-random-password'; username: string; password: string };

/**
 * At start-up: with ADMIN_PASSWORD set, the ADMIN_USERNAME account exists, is an admin and has that password.
 * Without it, and with no admin at all yet, one admin is created with a random password that the caller
 * prints once.
 */
export async function ensureAdminAccount(
  db: DbExecutor,
  admin: { username: string; password: string | undefined },
): Promise<AdminAccountOutcome> {
  const username = admin.username.trim().toLowerCase();
  if (admin.password) {
    const [existing] = await db.select().from(users).where(eq(users.email, username)).limit(1);
    if (
      existing &&
      existing.role === 'admin' &&
      existing.staffRole === 'owner' &&
      !existing.disabledAt &&
      (await verifyPassword(existing.passwordHash, admin.password))
    ) {
      return { kind: 'unchanged' };
    }
    const passwordHash = await hashPassword(admin.password);
    if (existing) {
      await db
        .update(users)
        .set({ role: 'admin', staffRole: 'owner', disabledAt: null, passwordHash, updatedAt: new Date() })
        .where(eq(users.id, existing.id));
    } else {
      await db.insert(users).values({
        email: username,
        fullName: 'Administrator',
        role: 'admin',
        staffRole: 'owner',
        disabledAt: null,
        passwordHash,
      });
    }
    return { kind: 'configured', username };
  }

  const [anyAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (anyAdmin) return { kind: 'unchanged' };
  const password = randomToken().slice(0, 20);
  const passwordHash = await hashPassword(password);
  await db
    .insert(users)
    .values({
      email: username,
      fullName: 'Administrator',
      role: 'admin',
      staffRole: 'owner',
      disabledAt: null,
      passwordHash,
    })
    .onConflictDoUpdate({
      target: users.email,
      set: { role: 'admin', staffRole: 'owner', disabledAt: null, passwordHash, updatedAt: new Date() },
    });
  return { kind: 'created-with-random-password', username, password };
}

/** Start-up: ensures the admin account and says what happened (the random password only this once). */
export async function reportAdminAccount(db: DbExecutor, admin: { username: string; password: string | undefined }) {
  const outcome = await ensureAdminAccount(db, admin);
  if (outcome.kind === 'configured') {
    console.log(`Admin account "${outcome.username}" set from ADMIN_USERNAME and ADMIN_PASSWORD.`);
  } else if (outcome.kind === 'created-with-random-password') {
    console.log(
      [
        'Created the admin account. Its password is shown only this once:',
        `  username: ${outcome.username}`,
        `  password: ${outcome.password}`,
        'Sign in at /admin-login. To choose the password yourself, set ADMIN_PASSWORD (and ADMIN_USERNAME) and restart.',
      ].join('\n'),
    );
  }
}
