import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { createUser, signIn } from '../test/accounts';
import { signedInStaff } from '../test/staff';
import { createTestApp, type TestContext } from '../test/test-app';

/** The .eml files are quoted-printable: join soft line breaks and decode =XX. */
const decoded = (eml: string) =>
  eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * Issue 28: with SMTP_URL unset (the default) e-mails go to the outbox folder, and that folder is the only place a
 * developer reads codes, links and invitations. The log, at every level, never holds one.
 */
describe('secrets never in logs, with the outbox folder as the mail transport', () => {
  const logLines: string[] = [];
  const outboxDir = mkdtempSync(path.join(os.tmpdir(), 'bilum-bounds-outbox-'));
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp(
      { logLevel: 'trace', mail: { ...testConfig().mail, smtpUrl: undefined, outboxDir } },
      (app) => {
        // A careless log line, as a future route might write: the second line (pino `redact`) still holds.
        app.post('/api/test/careless-log', async (request) => {
          request.log.warn(
            { headers: request.headers, body: request.body, token: 'tok_CARELESS', password: 'pw_CARELESS' },
            'logged a whole request',
          );
          return { ok: true };
        });
      },
      { logStream: { write: (line) => void logLines.push(line) } },
    );
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  /** The text of every .eml file sent to `to`, newest last. */
  const emlsTo = (to: string) =>
    readdirSync(outboxDir)
      .sort()
      .map((file) => decoded(readFileSync(path.join(outboxDir, file), 'utf8')))
      .filter((eml) => eml.includes(`To: ${to}`));

  it('puts reset codes, reset links, staff invitations and e-mail confirmation links in the outbox folder only', async () => {
    logLines.length = 0;
    const secrets: string[] = [];

    // A password reset: a code and a link.
    const shopper = await createUser(ctx.db);
    const forgot = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: shopper.email },
    });
    expect(forgot.statusCode).toBe(202);
    await ctx.app.mailer.drainOutbox();
    const [reset] = emlsTo(shopper.email);
    const code = /Your code: (\d{6})/.exec(reset ?? '')?.[1];
    const resetToken = /reset-password\?token=([\w-]+)/.exec(reset ?? '')?.[1];
    expect(code, reset).toBeDefined();
    expect(resetToken).toBeDefined();
    secrets.push(code!, resetToken!);
    // Used the way a shopper uses them (the link's address is logged per request, redacted).
    await ctx.app.inject({ method: 'GET', url: `/api/auth/reset-password/token?token=${resetToken}` });
    await ctx.app.inject({ method: 'POST', url: '/api/auth/verify-code', payload: { email: shopper.email, code } });

    // A staff invitation: a link.
    const owner = await signedInStaff(ctx, 'owner');
    const invited = `invited.${Date.now()}@staff.example.pg`;
    const invitation = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: { cookie: owner.cookie },
      payload: { email: invited, fullName: 'Invited Person', role: 'staff' },
    });
    expect(invitation.statusCode, invitation.body).toBe(201);
    await ctx.app.mailer.drainOutbox();
    const inviteToken = /staff-invite\?token=([\w-]+)/.exec(emlsTo(invited).join('\n'))?.[1];
    expect(inviteToken).toBeDefined();
    secrets.push(inviteToken!);

    // A shopper's e-mail with a link: confirming a new address.
    const mover = await createUser(ctx.db);
    const cookie = await signIn(ctx.app, mover.email);
    const newEmail = `moved.${Date.now()}@example.pg`;
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { cookie },
      payload: {
        firstName: 'Kila',
        lastName: 'Rahu',
        countryCode: '+675',
        phone: '3214567',
        address: 'Section 12, Allotment 4',
        city: 'Port Moresby',
        state: 'NCD',
        postcode: '111',
        email: newEmail,
        currentPassword: mover.password,
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await ctx.app.mailer.drainOutbox();
    const confirmToken = /confirm-email\?token=([\w-]+)/.exec(emlsTo(newEmail).join('\n'))?.[1];
    expect(confirmToken).toBeDefined();
    secrets.push(confirmToken!);

    const log = logLines.join('\n');
    expect(log).toContain('incoming request'); // The log was read at trace level…
    expect(log).toContain('saved in the outbox folder'); // …and says where each e-mail went.
    for (const secret of secrets) {
      expect(
        logLines.filter((line) => line.includes(secret)),
        secret,
      ).toEqual([]);
    }
  });

  it('removes credentials and secret fields from a log line that carries them by mistake', async () => {
    logLines.length = 0;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/careless-log',
      headers: {
        authorization: 'Bearer bk_live_SECRETKEY',
        cookie: 'bilum_session=sess_SECRET',
        'x-checkout-token': 'chk_SECRET',
      },
      payload: { password: 'pw_IN_BODY', email: 'a@example.pg' },
    });
    expect(response.statusCode).toBe(200);
    const line = logLines.find((entry) => entry.includes('logged a whole request'));
    expect(line).toBeDefined();
    for (const secret of ['SECRETKEY', 'sess_SECRET', 'chk_SECRET', 'pw_IN_BODY', 'tok_CARELESS', 'pw_CARELESS']) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain('[removed]');
  });
});
