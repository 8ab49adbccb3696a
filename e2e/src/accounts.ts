import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);

/**
 * Where the e2e server writes its e-mails (OUTBOX_DIR; there is no mail server in the journeys). Named after
 * the port, so the Playwright runner, its workers and the server all agree on it.
 */
export const e2eOutboxDir = path.join(os.tmpdir(), `bilum-e2e-outbox-${port}`);

/** The administrator the e2e server is started with (ADMIN_USERNAME / ADMIN_PASSWORD). */
export const e2eAdmin = { username: 'admin', password: 'e2e-admin-password' };

/** Environment for the e2e server: the outbox folder, the admin, and sign-in limits that a whole suite fits in. */
export const e2eAccountEnv = {
  OUTBOX_DIR: e2eOutboxDir,
  ADMIN_USERNAME: e2eAdmin.username,
  ADMIN_PASSWORD: e2eAdmin.password,
  AUTH_RATE_LIMIT_PER_IP: '1000',
  // Every journey checks out from 127.0.0.1: the per-address checkout limits are tested in the API suite.
  CHECKOUT_ORDERS_PER_IP: '1000',
  CHECKOUT_UNPAID_ORDERS_PER_IP: '1000',
};

/** A fresh address per run, so journeys never meet each other's accounts. */
export function uniqueEmail(name: string): string {
  return `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.pg`;
}

/** The .eml files are quoted-printable: join soft line breaks and decode =XX. */
function decodeQuotedPrintable(eml: string): string {
  return eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function resetEmailsTo(address: string): string[] {
  if (!existsSync(e2eOutboxDir)) return [];
  return readdirSync(e2eOutboxDir)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) => decodeQuotedPrintable(readFileSync(path.join(e2eOutboxDir, file), 'utf8')))
    .filter((eml) => eml.includes(`To: ${address}`) && eml.includes('Subject: Your Bilum password reset code'));
}

/** Waits for the newest password-reset e-mail to `address` and reads its code and link. */
export async function readResetEmail(address: string): Promise<{ code: string; link: string }> {
  let latest = '';
  await expect
    .poll(() => (latest = resetEmailsTo(address).at(-1) ?? ''), {
      timeout: 15_000,
      message: `reset e-mail to ${address}`,
    })
    .not.toBe('');
  const code = /Your code: (\d{6})/.exec(latest)?.[1];
  const link = /(http\S+\/reset-password\?token=[\w-]+)/.exec(latest)?.[1];
  if (!code || !link) throw new Error(`no code or link in the e-mail:\n${latest}`);
  return { code, link };
}

/** Waits for the link e-mailed to a new address from the profile (issue 16) and reads it. */
export async function readEmailChangeLink(address: string): Promise<string> {
  const emailsTo = () =>
    existsSync(e2eOutboxDir)
      ? readdirSync(e2eOutboxDir)
          .filter((file) => file.endsWith('.eml'))
          .sort()
          .map((file) => decodeQuotedPrintable(readFileSync(path.join(e2eOutboxDir, file), 'utf8')))
          .filter(
            (eml) => eml.includes(`To: ${address}`) && eml.includes('Subject: Confirm your new Bilum e-mail address'),
          )
      : [];
  let latest = '';
  await expect
    .poll(() => (latest = emailsTo().at(-1) ?? ''), { timeout: 15_000, message: `confirmation e-mail to ${address}` })
    .not.toBe('');
  const link = /(http\S+\/confirm-email\?token=[\w-]+)/.exec(latest)?.[1];
  if (!link) throw new Error(`no link in the e-mail:\n${latest}`);
  return link;
}
