import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { e2eOutboxDir } from './accounts';

/** The .eml files are quoted-printable: join soft line breaks and decode =XX. */
function decodeQuotedPrintable(eml: string): string {
  return eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function emailsTo(address: string, subject: string): string[] {
  if (!existsSync(e2eOutboxDir)) return [];
  return readdirSync(e2eOutboxDir)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) => decodeQuotedPrintable(readFileSync(path.join(e2eOutboxDir, file), 'utf8')))
    .filter((eml) => eml.includes(`To: ${address}`) && eml.includes(`Subject: ${subject}`));
}

/** Waits for the confirmation e-mail of order `orderId` to `address` and returns its text. */
export async function readOrderConfirmationEmail(address: string, orderId: string): Promise<string> {
  let latest = '';
  await expect
    .poll(() => (latest = emailsTo(address, `Your Bilum order #${orderId} is confirmed`).at(-1) ?? ''), {
      timeout: 15_000,
      message: `confirmation e-mail of order ${orderId} to ${address}`,
    })
    .not.toBe('');
  return latest;
}

/**
 * Issue 28: waits for the e-mail of a guest's bank-transfer or pickup order `orderId` to `address` and returns its
 * single-use confirmation link (`/confirm-order/:id#token`).
 */
export async function readHoldConfirmLink(address: string, orderId: string): Promise<string> {
  const pattern = new RegExp(`(http\\S+/confirm-order/${orderId}#[\\w-]+)`);
  const found = () =>
    existsSync(e2eOutboxDir)
      ? (readdirSync(e2eOutboxDir)
          .filter((file) => file.endsWith('.eml'))
          .sort()
          .map((file) => decodeQuotedPrintable(readFileSync(path.join(e2eOutboxDir, file), 'utf8')))
          .filter((eml) => eml.includes(`To: ${address}`))
          .map((eml) => pattern.exec(eml)?.[1] ?? '')
          .find((link) => link !== '') ?? '')
      : '';
  let link = '';
  await expect
    .poll(() => (link = found()), { timeout: 15_000, message: `confirmation link of order ${orderId} to ${address}` })
    .not.toBe('');
  return link;
}
