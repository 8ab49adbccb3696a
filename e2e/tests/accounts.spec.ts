import { expect, type Page, test } from '@playwright/test';
import { e2eAdmin, readEmailChangeLink, readResetEmail, uniqueEmail } from '../src/accounts';

const fullName = 'Kila Wari';

async function registerThroughTheForm(page: Page, email: string, password: string) {
  await page.goto('/register');
  await page.getByLabel('Full name').fill(fullName);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await expect(page.getByLabel('Country code')).toHaveValue('+675');
  await page.getByLabel('Phone number').fill('7123 4567');
  await expect(page.getByLabel('Phone number')).toHaveValue('71234567');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

async function signInThroughTheForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Registers through the API (for journeys about something else); the page's cookies then hold the session. */
async function registerQuickly(page: Page, email: string, password: string) {
  const response = await page.request.post('/api/auth/register', {
    data: { fullName, email, countryCode: '+675', phone: '71234567', password },
  });
  expect(response.status()).toBe(201);
}

test('a shopper registers with a PNG mobile, chooses Basic, signs out, resets a forgotten password with the e-mailed code and signs in with the new one', async ({
  page,
}) => {
  test.setTimeout(60_000); // a long journey with three timed redirects
  const email = uniqueEmail('journey');
  await registerThroughTheForm(page, email, 'first-password-1');
  await expect(page.getByText('Account created! Welcome to Bilum.')).toBeVisible();
  await expect(page).toHaveURL(/\/membership-choice$/);

  await expect(page.getByText('K200.50')).toBeVisible();
  await page.getByRole('button', { name: 'Choose Basic' }).click();
  await expect(page.getByRole('dialog', { name: 'Welcome to Bilum!' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5000 });

  // The page shows "Logging out..." for only 0.5 s, which a slow machine can pass between two of the test's looks:
  // the page itself notes the text from its first byte on (parsed or rendered), and the test reads the note.
  await page.addInitScript(`
    window.sawLoggingOut = false;
    const look = () => {
      if (document.documentElement?.textContent?.includes('Logging out...')) window.sawLoggingOut = true;
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
    look();
  `);
  await page.goto('/logout', { waitUntil: 'commit' });
  await expect.poll(() => page.evaluate('window.sawLoggingOut')).toBe(true);
  await expect(page.getByText('Logged out.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // The sign-in page has an Email field too: the address goes into the reset page's, once that page is there.
  await expect(page.getByRole('heading', { name: 'Forgot your password?', level: 1 })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await page.getByRole('link', { name: 'Enter the code' }).click();
  await expect(page).toHaveURL(/\/verify-otp\?email=/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);

  const { code } = await readResetEmail(email);
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page.getByText('OTP verified successfully!')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('second-password-2');
  await page.getByLabel('Confirm new password').fill('second-password-2');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

  await signInThroughTheForm(page, email, 'first-password-1');
  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
  await signInThroughTheForm(page, email, 'second-password-2');
  await expect(page.getByText('Logged in successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: `Account menu for ${fullName}` })).toBeVisible();
});

test('a shopper resets the password with the link from the e-mail', async ({ page }) => {
  const email = uniqueEmail('link');
  await registerQuickly(page, email, 'link-password-1');
  await page.context().clearCookies();
  await page.goto('/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  const { link } = await readResetEmail(email);
  await page.goto(link);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Please enter a new password.').first()).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('link-password-2');
  await page.getByLabel('Confirm new password').fill('link-password-3');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Passwords do not match.').first()).toBeVisible();
  await page.getByLabel('Confirm new password').fill('link-password-2');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });
  await signInThroughTheForm(page, email, 'link-password-2');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the sign-in and registration forms say what is missing or wrong in the spec’s words', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Heads up!')).toBeVisible();
  await expect(page.getByText('Email and password are required to sign in.')).toBeVisible();

  await page.goto('/register');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Oops! Missing Information')).toBeVisible();
  await expect(page.getByText('Please fill in all fields to create your account.')).toBeVisible();
  await page.getByLabel('Phone number').fill('51234567');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('PNG numbers must start with 7, 3, 2, or 8.')).toBeVisible();
  await page.getByLabel('Phone number').fill('7123456');
  await expect(page.getByText('PNG numbers starting with 7 or 8 must have exactly 8 digits.')).toBeVisible();

  const taken = uniqueEmail('taken');
  await registerQuickly(page, taken, 'taken-password-1');
  await page.context().clearCookies();
  await registerThroughTheForm(page, taken, 'taken-password-1');
  await expect(page.getByText('Registration Failed')).toBeVisible();
  await expect(
    page.getByText('An account with this email already exists. Please sign in instead.').first(),
  ).toBeVisible();
});

test('sign-in goes back to a page inside the shop, and never to another site', async ({ page }) => {
  const email = uniqueEmail('return');
  await registerQuickly(page, email, 'return-password-1');
  await page.context().clearCookies();

  // A guest sees the plans (issue 17) and signs in from there, coming back to pay for Premium.
  await page.goto('/membership-choice');
  await expect(page.getByRole('heading', { name: 'Choose your membership' })).toBeVisible();
  await page.locator('#main').getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fmembership-payment$/);
  await signInThroughTheForm(page, email, 'return-password-1');
  await expect(page).toHaveURL(/\/membership-payment$/);
  await expect(page.getByRole('heading', { name: 'Premium Membership', level: 1 })).toBeVisible();

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login?returnUrl=//evil.example/steal');
  await signInThroughTheForm(page, email, 'return-password-1');
  await expect(page).toHaveURL(/localhost:\d+\/dashboard$/);
  // Encoded slashes are judged as they read once decoded (issue 28).
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/login?returnUrl=${encodeURIComponent('/%2F%2Fevil.example')}`);
  await signInThroughTheForm(page, email, 'return-password-1');
  await expect(page).toHaveURL(/localhost:\d+\/dashboard$/);
});

test('the admin sign-in answers a shopper’s password as a wrong one and lets the administrator in', async ({
  page,
}) => {
  const email = uniqueEmail('not-admin');
  await registerQuickly(page, email, 'shopper-password-1');
  await page.context().clearCookies();

  await page.goto('/admin-login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login Failed: Username and password are required.')).toBeVisible();
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('shopper-password-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Issue 16: the admin door checks only administrators, so a shopper's right password is just a wrong one.
  await expect(page.getByText('Login Failed: Invalid username or password.')).toBeVisible();
  await expect(page.getByText('Access Denied: Not an administrator account.')).toHaveCount(0);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByLabel('Username').fill(e2eAdmin.username);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // The answer to the shopper's password may still be on screen: this try's toast is the newest.
  await expect(page.getByText('Login Failed: Invalid username or password.').last()).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Admin login successful! Redirecting to Inventory.')).toBeVisible();
  await expect(page).toHaveURL(/\/entry-option$/, { timeout: 5000 });
  expect((await page.request.get('/api/admin/whoami')).status()).toBe(200);
});

test('a shopper changes e-mail and password with the current password, confirms the new address from its inbox and signs in with it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const oldEmail = uniqueEmail('moving');
  const newEmail = uniqueEmail('moved');
  await registerQuickly(page, oldEmail, 'first-password-1');
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Email Address').fill(newEmail);
  await page.getByLabel('Password', { exact: true }).fill('a-second-password-2');
  // A new e-mail or password asks for the current password, and a wrong one is refused on the field.
  const current = page.getByLabel('Current Password');
  await expect(current).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(
    page.getByText('Please enter your current password to change your e-mail address or password.'),
  ).toBeVisible();
  await current.fill('not-my-password');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Your current password is not correct.').first()).toBeVisible();
  await current.fill('first-password-1');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully!', { exact: false }).first()).toBeVisible();
  // The old address stays the sign-in until the new one is confirmed.
  const pending = `Check your inbox at ${newEmail} to confirm your new e-mail address.`;
  await expect(page.getByRole('status').filter({ hasText: pending })).toBeVisible();
  await expect(page.getByText(oldEmail, { exact: true })).toBeVisible();

  // The link from the new inbox, opened in a browser that is not signed in.
  const link = await readEmailChangeLink(newEmail);
  await page.context().clearCookies();
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { name: 'Confirm your new e-mail address' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm my new e-mail address' }).click();
  await expect(page.getByText('Your e-mail address has been changed.')).toBeVisible();
  await expect(page.getByText(newEmail)).toBeVisible();

  await page.goto('/login');
  await signInThroughTheForm(page, oldEmail, 'a-second-password-2');
  await expect(page.getByText('Invalid email or password. Please try again.').first()).toBeVisible();
  await signInThroughTheForm(page, newEmail, 'a-second-password-2');
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5000 });
});
