import { randomBytes } from 'node:crypto';
import {
  recoveryCodePattern,
  secondFactorMessages,
  secondFactorRules,
  type SecondFactorSetup,
  type SecondFactorStatus,
  totpCodePattern,
} from '@bilum/shared';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';
import type { Database, DbExecutor } from '../../db/client';
import { backofficeSettings, staffRecoveryCodes, staffSecondFactors, users } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { SecretHasher } from '../../security/server-key';
import { type Actor, type AdminCaller, actorOfCaller, recordActivity } from '../audit/audit.service';
import { verifyPassword } from '../auth/passwords';
import type { Mailer } from '../mail/mail.service';
import { type StaffSecurityChange, staffSecurityNoticeEmail } from './second-factor.emails';

const secretPurpose = 'staff-totp-secret';
const recoveryPurpose = 'staff-recovery-code';
const issuer = 'Bilum admin';
const SETTINGS_ROW_ID = 1;

/** The staff member a second-factor action is for (from a full session or a pending sign-in). */
export interface StaffAccount {
  id: number;
  email: string;
  fullName: string;
}

const wrongCode = () =>
  new AppError('VALIDATION', secondFactorMessages.wrongCode, undefined, [
    { path: 'code', message: secondFactorMessages.wrongCode },
  ]);

/** "abcde-fghij": 50 random bits in base32 (a-z, 2-7), easy to copy by hand. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = randomBytes(10);
  const code = Array.from(bytes, (byte) => alphabet[byte % 32]).join('');
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Whether the owner requires a second factor of every staff account (the /settings "Sign-in security"). */
export async function staffSecondFactorRequired(db: DbExecutor): Promise<boolean> {
  const [row] = await db
    .select({ required: backofficeSettings.requireStaffSecondFactor })
    .from(backofficeSettings)
    .where(eq(backofficeSettings.id, SETTINGS_ROW_ID));
  return row?.required ?? false;
}

/**
 * Staff accounts' second factor (issue 28, decision 027): TOTP with otplib (RFC 6238, 30 s, 6 digits, ±1 step),
 * each step accepted once (`lastUsedStep`, moved forward by a conditional update so two requests with one code
 * cannot both pass); 10 recovery codes kept as HMACs, each used once. Every change is in the activity log and
 * e-mailed to the staff member through the outbox, in the change's transaction.
 */
export function createSecondFactorService(deps: {
  db: Database;
  mailer: Mailer;
  secrets: SecretHasher;
  shopUrl: string;
  now?: () => Date;
}) {
  const { db, mailer, secrets, shopUrl, now = () => new Date() } = deps;

  async function factorOf(executor: DbExecutor, userId: number) {
    const [row] = await executor.select().from(staffSecondFactors).where(eq(staffSecondFactors.userId, userId));
    return row ?? null;
  }

  /** The step a right code belongs to, or null; within ±1 step of now and after `afterStep`. */
  function matchingStep(sealedSecret: string, code: string, afterStep: number | null): number | null {
    const secret = secrets.open(secretPurpose, sealedSecret);
    if (!secret || !totpCodePattern.test(code)) return null;
    try {
      const result = verifySync({
        secret,
        token: code,
        epoch: Math.floor(now().getTime() / 1000),
        epochTolerance: secondFactorRules.periodSeconds * secondFactorRules.windowSteps,
        ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
      });
      // The TOTP result carries the step it matched (RFC 6238's T); the union type of otplib hides it.
      if (!result.valid) return null;
      const step = (result as { timeStep?: number }).timeStep;
      return typeof step === 'number' ? step : null;
    } catch {
      return null;
    }
  }

  /** Checks a TOTP code of an enrolled factor and uses its step up (never again); false when wrong or used. */
  async function useTotp(executor: DbExecutor, userId: number, code: string): Promise<boolean> {
    const factor = await factorOf(executor, userId);
    if (!factor?.confirmedAt) return false;
    const step = matchingStep(factor.sealedSecret, code, factor.lastUsedStep);
    if (step === null) return false;
    const moved = await executor
      .update(staffSecondFactors)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(staffSecondFactors.userId, userId),
          or(isNull(staffSecondFactors.lastUsedStep), lt(staffSecondFactors.lastUsedStep, step)),
        ),
      )
      .returning({ userId: staffSecondFactors.userId });
    return moved.length === 1;
  }

  /** Uses up a recovery code; false when it is not one of the account's unused codes. */
  async function useRecoveryCode(executor: DbExecutor, userId: number, code: string): Promise<boolean> {
    if (!recoveryCodePattern.test(code)) return false;
    const used = await executor
      .update(staffRecoveryCodes)
      .set({ usedAt: now() })
      .where(
        and(
          eq(staffRecoveryCodes.userId, userId),
          eq(staffRecoveryCodes.codeHash, secrets.hash(recoveryPurpose, code)),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: staffRecoveryCodes.id });
    return used.length === 1;
  }

  /** New recovery codes in place of all earlier ones; the codes themselves are in this answer only. */
  async function replaceRecoveryCodes(tx: DbExecutor, userId: number, at: Date): Promise<string[]> {
    const codes = Array.from({ length: secondFactorRules.recoveryCodeCount }, newRecoveryCode);
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
    await tx.insert(staffRecoveryCodes).values(
      codes.map((code) => ({
        userId,
        codeHash: secrets.hash(recoveryPurpose, code.replace('-', '')),
        createdAt: at,
      })),
    );
    return codes;
  }

  /** The activity entry and the notice e-mail of a change, in its transaction. */
  async function recordChange(
    tx: DbExecutor,
    account: StaffAccount,
    change: StaffSecurityChange,
    at: Date,
    options: { actor?: Actor; by?: string; before: Record<string, unknown>; after: Record<string, unknown> },
  ) {
    const summaries: Record<StaffSecurityChange, string> = {
      'password-changed': 'changed their password',
      'second-factor-on': 'turned on a second factor',
      'second-factor-off': 'turned off their second factor',
      'recovery-codes-regenerated': 'made new recovery codes',
      'second-factor-reset': 'second factor reset by the owner',
    };
    await recordActivity(tx, {
      actor: options.actor ?? { kind: 'staff', userId: account.id, name: account.fullName || account.email },
      action: `staff.${change}`,
      entityType: 'staff',
      entityId: account.id,
      summary: `${account.fullName || account.email}: ${summaries[change]}`,
      before: options.before,
      after: options.after,
    });
    await mailer.enqueue(
      tx,
      staffSecurityNoticeEmail({ to: account.email, fullName: account.fullName, change, at, by: options.by, shopUrl }),
    );
  }

  return {
    recordChange,

    async status(userId: number): Promise<SecondFactorStatus> {
      const factor = await factorOf(db, userId);
      const [left] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(staffRecoveryCodes)
        .where(and(eq(staffRecoveryCodes.userId, userId), isNull(staffRecoveryCodes.usedAt)));
      return {
        enabled: Boolean(factor?.confirmedAt),
        enabledAt: factor?.confirmedAt?.toISOString() ?? null,
        required: await staffSecondFactorRequired(db),
        recoveryCodesLeft: factor?.confirmedAt ? (left?.n ?? 0) : 0,
      };
    },

    /** What a staff sign-in needs after the right password: the code, enrolment first, or nothing. */
    async stageAfterPassword(userId: number): Promise<'second-factor' | 'enrol' | null> {
      const factor = await factorOf(db, userId);
      if (factor?.confirmedAt) return 'second-factor';
      return (await staffSecondFactorRequired(db)) ? 'enrol' : null;
    },

    /**
     * Starts enrolment: a new secret (replacing a set-up not finished), sealed at rest, shown with its QR code
     * drawn here as SVG. Refused while a factor is on.
     */
    async startSetup(account: StaffAccount): Promise<SecondFactorSetup> {
      const existing = await factorOf(db, account.id);
      if (existing?.confirmedAt) throw new AppError('CONFLICT', secondFactorMessages.alreadyOn);
      const secret = generateSecret();
      const sealedSecret = secrets.seal(secretPurpose, secret);
      const at = now();
      await db
        .insert(staffSecondFactors)
        .values({ userId: account.id, sealedSecret, createdAt: at, confirmedAt: null, lastUsedStep: null })
        .onConflictDoUpdate({
          target: staffSecondFactors.userId,
          set: { sealedSecret, createdAt: at, confirmedAt: null, lastUsedStep: null },
          where: isNull(staffSecondFactors.confirmedAt),
        });
      const otpauthUrl = generateURI({ issuer, label: account.email, secret });
      const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      return { secret, otpauthUrl, qrSvg };
    },

    /** Finishes enrolment with a right code: the factor is on, and the 10 recovery codes are in the answer. */
    async confirmSetup(account: StaffAccount, code: string): Promise<string[]> {
      const at = now();
      const codes = await db.transaction(async (tx) => {
        const [factor] = await tx
          .select()
          .from(staffSecondFactors)
          .where(eq(staffSecondFactors.userId, account.id))
          .for('update');
        if (!factor) throw new AppError('CONFLICT', secondFactorMessages.notStarted);
        if (factor.confirmedAt) throw new AppError('CONFLICT', secondFactorMessages.alreadyOn);
        const step = matchingStep(factor.sealedSecret, code, null);
        if (step === null) throw wrongCode();
        await tx
          .update(staffSecondFactors)
          .set({ confirmedAt: at, lastUsedStep: step })
          .where(eq(staffSecondFactors.userId, account.id));
        const created = await replaceRecoveryCodes(tx, account.id, at);
        await recordChange(tx, account, 'second-factor-on', at, {
          before: { secondFactor: false },
          after: { secondFactor: true },
        });
        return created;
      });
      mailer.wake();
      return codes;
    },

    /** The sign-in step: a TOTP code (each step once) or an unused recovery code (then used up). */
    async verifySignIn(userId: number, code: string): Promise<void> {
      const ok = totpCodePattern.test(code) ? await useTotp(db, userId, code) : await useRecoveryCode(db, userId, code);
      if (!ok) throw wrongCode();
    },

    async regenerateRecoveryCodes(account: StaffAccount, code: string): Promise<string[]> {
      const at = now();
      const codes = await db.transaction(async (tx) => {
        const factor = await factorOf(tx, account.id);
        if (!factor?.confirmedAt) throw new AppError('CONFLICT', secondFactorMessages.notOn);
        if (!(await useTotp(tx, account.id, code))) throw wrongCode();
        const created = await replaceRecoveryCodes(tx, account.id, at);
        await recordChange(tx, account, 'recovery-codes-regenerated', at, {
          before: {},
          after: { recoveryCodes: secondFactorRules.recoveryCodeCount },
        });
        return created;
      });
      mailer.wake();
      return codes;
    },

    /** Turns the factor off with the password and a code; not while the owner requires one. */
    async disable(account: StaffAccount, password: string, code: string): Promise<void> {
      const at = now();
      if (await staffSecondFactorRequired(db)) throw new AppError('CONFLICT', secondFactorMessages.requiredByOwner);
      const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, account.id));
      if (!row || !(await verifyPassword(row.passwordHash, password))) {
        throw new AppError('VALIDATION', secondFactorMessages.wrongPassword, undefined, [
          { path: 'password', message: secondFactorMessages.wrongPassword },
        ]);
      }
      await db.transaction(async (tx) => {
        const factor = await factorOf(tx, account.id);
        if (!factor?.confirmedAt) throw new AppError('CONFLICT', secondFactorMessages.notOn);
        if (!(await useTotp(tx, account.id, code))) throw wrongCode();
        await tx.delete(staffSecondFactors).where(eq(staffSecondFactors.userId, account.id));
        await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, account.id));
        await recordChange(tx, account, 'second-factor-off', at, {
          before: { secondFactor: true },
          after: { secondFactor: false },
        });
      });
      mailer.wake();
    },

    /** The owner resets a staff member's factor (a lost phone): it is off, and set up again at the next sign-in. */
    async resetByOwner(caller: AdminCaller, staffId: number): Promise<void> {
      const at = now();
      await db.transaction(async (tx) => {
        const [user] = await tx
          .select()
          .from(users)
          .where(and(eq(users.id, staffId), eq(users.role, 'admin')))
          .for('update');
        if (!user) throw notFound('No such staff account.');
        const factor = await factorOf(tx, staffId);
        if (!factor?.confirmedAt) throw new AppError('CONFLICT', secondFactorMessages.notOn);
        await tx.delete(staffSecondFactors).where(eq(staffSecondFactors.userId, staffId));
        await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, staffId));
        await recordChange(tx, user, 'second-factor-reset', at, {
          actor: actorOfCaller(caller),
          by: caller.fullName || caller.email,
          before: { secondFactor: true },
          after: { secondFactor: false },
        });
      });
      mailer.wake();
    },

    async readSettings() {
      return { requireStaffSecondFactor: await staffSecondFactorRequired(db) };
    },

    /** The owner's setting; requiring it needs the owner's own factor first, so they cannot lock themselves out. */
    async saveSettings(caller: AdminCaller, requireStaffSecondFactor: boolean) {
      const at = now();
      await db.transaction(async (tx) => {
        const before = await staffSecondFactorRequired(tx);
        if (requireStaffSecondFactor && caller.id !== null) {
          const own = await factorOf(tx, caller.id);
          if (!own?.confirmedAt) throw new AppError('CONFLICT', secondFactorMessages.requireNeedsOwnFactor);
        }
        await tx
          .insert(backofficeSettings)
          .values({ id: SETTINGS_ROW_ID, requireStaffSecondFactor, updatedAt: at })
          .onConflictDoUpdate({ target: backofficeSettings.id, set: { requireStaffSecondFactor, updatedAt: at } });
        // Saved without a change is logged too, as the shop settings are (settings.service.ts).
        await recordActivity(tx, {
          actor: actorOfCaller(caller),
          action: 'settings.staff-second-factor',
          entityType: 'settings',
          entityId: 'security',
          summary:
            before === requireStaffSecondFactor
              ? 'Sign-in security saved without changes'
              : requireStaffSecondFactor
                ? 'Every staff account must now have a second factor'
                : 'A second factor is no longer required of staff accounts',
          before: { requireStaffSecondFactor: before },
          after: { requireStaffSecondFactor },
        });
      });
      return { requireStaffSecondFactor };
    },
  };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
