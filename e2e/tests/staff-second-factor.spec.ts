import { type APIRequestContext, expect, type Page, test, type TestInfo } from '@playwright/test';
import { generateSync } from 'otplib';
import { e2eAdmin, readInviteLink, uniqueEmail } from '../src/accounts';
import { expectAccessible } from '../src/axe';

/** The token of the invitation e-mailed to `address`. */
async function inviteToken(address: string): Promise<string> {
  return new URL(await readInviteLink(address)).searchParams.get('token') ?? '';
}

/** The page at a phone's and a laptop's width, saved beside the test's results to be looked at. */
async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

async function passwordStep(page: Page, username: string, password: string) {
  await page.goto('/admin-login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function signOut(page: Page) {
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/$/);
}

test('an owner turns on a second factor; signing in then needs the code, and a recovery code works once', async ({
  page,
  request,
}, testInfo) => {
  // Six sign-ins, axe three times and six screenshots: more than the default 30 s on a busy machine.
  test.slow();
  // A new owner (not the server's admin, whom the other journeys sign in as), invited and set up through the API.
  const email = uniqueEmail('second-factor-owner');
  const password = 'owner-second-factor-42';
  const admin = await request.post('/api/auth/admin-login', {
    data: { username: e2eAdmin.username, password: e2eAdmin.password },
  });
  expect(admin.status()).toBe(200);
  const invited = await request.post('/api/admin/staff', { data: { email, fullName: 'Kila Owner', role: 'owner' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const accepted = await request.post('/api/auth/staff-invite', {
    data: { token: await inviteToken(email), password },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);

  // Enrolment from My account: the QR code is drawn on the page, the secret is there as text.
  await passwordStep(page, email, password);
  await expect(page).toHaveURL(/\/entry-option$/);
  await page.goto('/admin-account');
  await page.getByRole('button', { name: 'Set up a second factor' }).click();
  const qr = page.getByRole('img', { name: 'QR code to scan with your authenticator app' });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
  const secret = ((await page.getByLabel('Secret key').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expectAccessible(page);
  await screenshots(page, testInfo, 'enrolment');

  // A wrong code does not turn it on.
  await page.getByLabel('6-digit code from the app').fill('000000');
  await page.getByRole('button', { name: 'Turn on the second factor' }).click();
  await expect(page.getByText('That code is not right, or it was used already.')).toBeVisible();
  await page.getByLabel('6-digit code from the app').fill(generateSync({ secret }));
  await page.getByRole('button', { name: 'Turn on the second factor' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
  await expectAccessible(page);
  await screenshots(page, testInfo, 'recovery-codes');
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page.getByText('10 of 10 recovery codes left.')).toBeVisible();

  // Signed out, the password alone opens nothing.
  await signOut(page);
  await passwordStep(page, email, password);
  await expect(page).toHaveURL(/\/admin-login\/code$/);
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, testInfo, 'sign-in-code');
  await page.goto('/entry-option');
  await expect(page).toHaveURL(/\/admin-login$/);

  // With the app's code it signs in (the next step's code: the enrolment used this one's, and a code works once).
  await passwordStep(page, email, password);
  await expect(page).toHaveURL(/\/admin-login\/code$/);
  await page.getByLabel('6-digit code or recovery code').fill('123 456');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('That code is not right, or it was used already.')).toBeVisible();
  await page
    .getByLabel('6-digit code or recovery code')
    .fill(generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/entry-option$/);

  // A recovery code works once.
  const recovery = recoveryCodes[0] ?? '';
  await signOut(page);
  await passwordStep(page, email, password);
  await expect(page).toHaveURL(/\/admin-login\/code$/);
  await page.getByLabel('6-digit code or recovery code').fill(recovery);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/entry-option$/);
  await signOut(page);
  await passwordStep(page, email, password);
  await expect(page).toHaveURL(/\/admin-login\/code$/);
  await page.getByLabel('6-digit code or recovery code').fill(recovery);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('That code is not right, or it was used already.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin-login\/code$/);
});

/** A new staff account with `role`, invited by the e2e admin through `request`, with its password set. */
async function newStaff(request: APIRequestContext, role: 'owner' | 'staff', fullName: string) {
  const email = uniqueEmail(`second-factor-${role}`);
  const password = `${role}-second-factor-42`;
  const invited = await request.post('/api/admin/staff', { data: { email, fullName, role } });
  expect(invited.status(), await invited.text()).toBe(201);
  const accepted = await request.post('/api/auth/staff-invite', {
    data: { token: await inviteToken(email), password },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { email, password };
}

/** Turns the shop-wide rule off again; kept here so that the hook below runs it even when the test timed out. */
let turnRuleOff: (() => Promise<unknown>) | undefined;
test.afterEach(async () => {
  const off = turnRuleOff;
  turnRuleOff = undefined;
  if (off) expect(await off()).toMatchObject({ ok: true });
});

// Changes a rule every staff sign-in meets, so it runs alone after the other journeys (the shop-wide project).
test('@shop-wide when the owner requires a second factor, a staff member without one must set it up first', async ({
  page,
  playwright,
}, testInfo) => {
  test.slow(); // Two sign-ins, a set-up and the page's checks: more than the usual time on a busy CI machine.
  const admin = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  expect(
    (
      await admin.post('/api/auth/admin-login', { data: { username: e2eAdmin.username, password: e2eAdmin.password } })
    ).status(),
  ).toBe(200);
  const owner = await newStaff(admin, 'owner', 'Rule Owner');
  const member = await newStaff(admin, 'staff', 'Mary Staff');

  // The owner turns on their own factor (through the API here), then the rule.
  const ownerApi = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await ownerApi.post('/api/auth/admin-login', { data: { username: owner.email, password: owner.password } });
  const { secret } = (await (await ownerApi.post('/api/auth/second-factor/setup')).json()) as { secret: string };
  const confirmed = await ownerApi.post('/api/auth/second-factor/confirm', {
    data: { code: generateSync({ secret }) },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const setRule = (requireStaffSecondFactor: boolean) =>
    ownerApi.put('/api/admin/settings/security', { data: { requireStaffSecondFactor } });
  turnRuleOff = async () => ({ ok: (await setRule(false)).status() === 200 });
  expect((await setRule(true)).status()).toBe(200);
  await passwordStep(page, member.email, member.password);
  await expect(page).toHaveURL(/\/admin-login\/set-up$/);
  await expect(page.getByRole('heading', { name: 'Set up your second factor' })).toBeVisible();
  const memberSecret = ((await page.getByLabel('Secret key').textContent()) ?? '').replace(/\s/g, '');
  await expectAccessible(page);
  await screenshots(page, testInfo, 'sign-in-set-up');
  // Nothing else in the admin opens meanwhile.
  await page.goto('/entry-option');
  await expect(page).toHaveURL(/\/admin-login$/);

  await passwordStep(page, member.email, member.password);
  await expect(page).toHaveURL(/\/admin-login\/set-up$/);
  const nextSecret = ((await page.getByLabel('Secret key').textContent()) ?? '').replace(/\s/g, '');
  expect(nextSecret).not.toBe(memberSecret);
  await page.getByLabel('6-digit code from the app').fill(generateSync({ secret: nextSecret }));
  await page.getByRole('button', { name: 'Turn on the second factor' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved my codes: continue' }).click();
  await expect(page).toHaveURL(/\/entry-option$/);
});
