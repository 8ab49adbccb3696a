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

/** The .eml files are quoted-printable: join soft line breaks and decode =XX. */
function decodeQuotedPrintable(eml: string): string {
  return eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The e-mails to `address` the e2e server wrote to its outbox folder (OUTBOX_DIR), oldest first, decoded. */
export function emailsTo(address: string, subject?: string): string[] {
  if (!existsSync(e2eOutboxDir)) return [];
  return readdirSync(e2eOutboxDir)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) => decodeQuotedPrintable(readFileSync(path.join(e2eOutboxDir, file), 'utf8')))
    .filter((eml) => eml.includes(`To: ${address}`) && (subject === undefined || eml.includes(`Subject: ${subject}`)));
}

/** Waits (15 s at most) for the newest e-mail to `address` with `subject` and returns its text. */
export async function waitForEmail(address: string, subject: string): Promise<string> {
  let latest = '';
  await expect
    .poll(() => (latest = emailsTo(address, subject).at(-1) ?? ''), {
      timeout: 15_000,
      message: `"${subject}" to ${address}`,
    })
    .not.toBe('');
  return latest;
}

/**
 * Waits for an e-mail to `address` with `subject` and returns the first group of `pattern` in its text (a code or
 * a link); the newest such e-mail when `subject` is given, else the first e-mail to `address` that has one.
 */
export async function waitForEmailMatch(
  address: string,
  pattern: RegExp,
  options: { subject?: string; message: string },
): Promise<string> {
  const found = () => {
    const emails = emailsTo(address, options.subject);
    const candidates = options.subject === undefined ? emails : emails.slice(-1);
    return candidates.map((eml) => pattern.exec(eml)?.[1] ?? '').find((match) => match !== '') ?? '';
  };
  let match = '';
  await expect.poll(() => (match = found()), { timeout: 15_000, message: options.message }).not.toBe('');
  return match;
}
