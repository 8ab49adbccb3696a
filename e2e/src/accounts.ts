import { expect, type Page } from '@playwright/test';
import { e2eOutboxDir, waitForEmail, waitForEmailMatch } from './emails';

export { e2eOutboxDir };

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

/** Waits for the newest password-reset e-mail to `address` and reads its code and link. */
export async function readResetEmail(address: string): Promise<{ code: string; link: string }> {
  const latest = await waitForEmail(address, 'Your Bilum password reset code');
  const code = /Your code: (\d{6})/.exec(latest)?.[1];
  const link = /(http\S+\/reset-password\?token=[\w-]+)/.exec(latest)?.[1];
  if (!code || !link) throw new Error(`no code or link in the e-mail:\n${latest}`);
  return { code, link };
}

/** Waits for the link e-mailed to a new address from the profile (issue 16) and reads it. */
export async function readEmailChangeLink(address: string): Promise<string> {
  const latest = await waitForEmail(address, 'Confirm your new Bilum e-mail address');
  const link = /(http\S+\/confirm-email\?token=[\w-]+)/.exec(latest)?.[1];
  if (!link) throw new Error(`no link in the e-mail:\n${latest}`);
  return link;
}

/** Waits for the newest staff invitation e-mailed to `address` and reads its link. */
export function readInviteLink(address: string): Promise<string> {
  return waitForEmailMatch(address, /(http\S+\/staff-invite\?token=[\w-]+)/, {
    subject: 'You are invited to the Bilum shop admin',
    message: `invitation to ${address}`,
  });
}

/** The shop's administrator signed in through /admin-login, on the staff's first page. */
export async function signInAsAdmin(page: Page) {
  await page.goto('/admin-login');
  await page.getByLabel('Username').fill(e2eAdmin.username);
  await page.getByLabel('Password', { exact: true }).fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/entry-option$/);
}
