import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { continueToPickupCheckout } from '../src/checkout';
import { e2eAdmin, uniqueEmail } from '../src/accounts';
import { seriousViolations } from '../src/axe';

/*
 * Issue 17, WCAG 2.1 AA: axe-core on every route of apps/web/src/app/router.tsx and on every dialog, signed out,
 * as a shopper, as a Premium member and as the administrator, at 1280 and 375 px; every page has its own title
 * and a main heading; every dialog gives focus back to the control that opened it; and a keyboard-only journey
 * from home to a paid guest order. One browser context per role, signed in once.
 */

test.describe.configure({ mode: 'parallel' });
// Dialogs and sheets animate in; axe would read their colours half-faded.
test.use({ reducedMotion: 'reduce' });

const widths = [1280, 375] as const;
const shopTitle = 'Bilum – phones, computers, cameras and more in Papua New Guinea';
const phone = { id: 41, name: 'Samsung Galaxy A05 64GB' }; // in stock, not an Exclusive Member offer
const exclusiveOffer = 3; // GoPro HERO12 Black, for members only
const watch = 44; // Samsung Galaxy Watch6 40mm, bought with Buy It Now (the phone is in the cart by then)

/**
 * Every route of the shop's route table but /logout (which signs out and leaves for home in 0.5 s). The second
 * names of a page (/terms-of-service, /indexdetail/:id, ...) show the same element as the first: they are
 * checked for their title and heading, and axe runs on the first.
 */
const storefrontRoutes = [
  '/',
  '/dashboard',
  '/category',
  '/category/phones',
  '/dashboard-category/phones',
  `/index-item/${phone.id}`,
  `/item/${phone.id}`,
  `/itemdetail/${exclusiveOffer}`,
  '/index-item/999999',
  '/terms',
  '/privacy',
  '/contact',
];
const secondNames = [
  `/indexdetail/${phone.id}`,
  '/terms-and-conditions',
  '/terms-of-service',
  '/privacy-policy',
  '/membership',
];
const accountRoutes = [
  '/login',
  '/register',
  '/forgot-password',
  '/verify-otp',
  '/reset-password',
  '/membership-choice',
  '/admin-login',
  '/staff-invite?token=an-example-token',
];
const shopperRoutes = [
  '/cart',
  '/guest-cart',
  '/contact-details',
  '/checkout',
  '/guestcheckout',
  '/order-confirmation',
  '/track-order',
  '/membership-payment',
  '/membership-success',
  '/profile',
  '/order-history',
  '/invoice',
  '/no-such-page',
];
const adminRoutes = [
  '/entry-option',
  '/product-inventory',
  '/product-entry',
  '/categories',
  '/discount-codes',
  '/member-status',
  '/customers',
  '/reports',
  '/order-inventory',
  '/settings',
  '/integrations',
  // Staff accounts, API keys, the activity log, one's own account (issue 21).
  '/staff',
  '/api-keys',
  '/activity',
  '/admin-account',
];

type Findings = string[];

/** axe-core's serious and critical WCAG 2.1 A/AA violations on the page as it is now, named by where. */
async function axe(page: Page, where: string, findings: Findings) {
  for (const violation of await seriousViolations(page)) findings.push(`${where}: ${violation}`);
}

/** The page settles: its main heading is shown and its data has arrived. */
async function settled(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
}

/** The page at both widths: axe, a main heading, and a title of its own. */
async function checkRoute(page: Page, path: string, who: string, findings: Findings, { runAxe = true } = {}) {
  await page.setViewportSize({ width: widths[0], height: 900 });
  await page.goto(path);
  await settled(page);
  const title = await page.title();
  const home = /^\/(dashboard)?$/.test(new URL(page.url()).pathname);
  if (home ? title !== shopTitle : !/^\S.* - Bilum$/.test(title)) {
    findings.push(`${who} ${path}: the title "${title}" is not the page's own`);
  }
  if (!runAxe) return;
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await settled(page);
    await axe(page, `${who} ${path} at ${width} px`, findings);
  }
}

/**
 * Opens a dialog from `opener` with the keyboard, runs axe on it, closes it with Escape and checks that focus is
 * back on the opener.
 */
async function checkDialog(
  page: Page,
  opener: Locator,
  name: string | RegExp,
  where: string,
  findings: Findings,
  { returnsFocus = true }: { returnsFocus?: boolean } = {},
) {
  // Marked, because some openers change their label (Add to Cart becomes View Cart).
  await opener.evaluate((element) => element.setAttribute('data-opener', ''));
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await page.waitForLoadState('networkidle');
  await axe(page, `${where}: dialog "${String(name)}" at ${page.viewportSize()?.width} px`, findings);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const marked = page.locator('[data-opener]');
  if (returnsFocus) await expect(marked, `focus back on the opener of "${String(name)}"`).toBeFocused();
  await marked.evaluateAll((elements) => elements.forEach((element) => element.removeAttribute('data-opener')));
}

async function registerShopper(request: APIRequestContext, email: string) {
  const response = await request.post('/api/auth/register', {
    data: { fullName: 'Kila Wari', email, countryCode: '+675', phone: '71234567', password: 'a11y-password-1' },
  });
  expect(response.status()).toBe(201);
}

const testCard = { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' };

async function buyPremium(request: APIRequestContext) {
  const started = await request.post('/api/membership/payment', { data: {} });
  expect(started.status()).toBe(201);
  const { membershipId } = (await started.json()) as { membershipId: number };
  const paid = await request.post(`/api/membership/payment/${membershipId}/confirm`, {
    data: { cardholderName: 'Kila Wari', termsAccepted: true, card: testCard },
  });
  expect(((await paid.json()) as { status: string }).status).toBe('succeeded');
}

async function placePaidGuestOrder(request: APIRequestContext) {
  const placed = await request.post('/api/orders', {
    data: {
      idempotencyKey: randomUUID(),
      contact: {
        firstName: 'Kila',
        lastName: 'Wari',
        email: uniqueEmail('a11y-order'),
        countryCode: '+675',
        phone: '71234567',
        pickup: false,
        address: 'Section 5, Lot 12',
        city: 'Port Moresby',
        state: 'NCD',
        postcode: '111',
      },
      source: { type: 'items', items: [{ productId: phone.id, quantity: 1 }] },
    },
  });
  expect(placed.status()).toBe(201);
  const { order, checkoutToken } = (await placed.json()) as { order: { id: number }; checkoutToken: string };
  const paid = await request.post(`/api/orders/${order.id}/payment`, {
    headers: { 'x-checkout-token': checkoutToken },
    data: { card: testCard, returnUrl: '/guestcheckout' },
  });
  expect(((await paid.json()) as { status: string }).status).toBe('succeeded');
}

/** The dialogs a shopper meets on a product page, the cart page and at 375 px in the menu and filters. */
async function checkShopperDialogs(page: Page, who: string, signedIn: boolean, findings: Findings) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${signedIn ? '/item' : '/index-item'}/${phone.id}`);
  await settled(page);
  await checkDialog(page, page.getByRole('button', { name: 'Add to Cart' }), 'Added to cart', who, findings);
  if (!signedIn) {
    await page.goto(`/index-item/${watch}`);
    await settled(page);
    await checkDialog(
      page,
      page.getByRole('button', { name: 'Buy It Now' }),
      'How would you like to buy?',
      who,
      findings,
    );
  }
  await page.goto(signedIn ? '/cart' : '/guest-cart');
  await settled(page);
  await checkDialog(page, page.getByRole('button', { name: /^Remove / }).first(), 'Remove item?', who, findings);
  await checkDialog(page, page.getByRole('button', { name: /^Clear/ }).first(), 'Clear cart?', who, findings);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(signedIn ? '/dashboard' : '/');
  await settled(page);
  await checkDialog(page, page.getByRole('button', { name: 'Open menu' }), 'Menu', who, findings);
  await checkDialog(page, page.getByRole('button', { name: /^Filter: / }), 'Filter products', who, findings);
  await page.goto(signedIn ? '/dashboard-category/phones' : '/category/phones');
  await settled(page);
  await checkDialog(page, page.getByRole('button', { name: /^Filters/ }), 'Filters', who, findings);
}

// Signed out, in three parts that run side by side (about 45 routes at two widths: one test would take minutes).
test('signed out, the shop’s dialogs and pages pass axe at 1280 and 375 px and have their own titles', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const findings: Findings = [];
  await checkShopperDialogs(page, 'guest', false, findings);
  for (const path of storefrontRoutes) await checkRoute(page, path, 'guest', findings);
  for (const path of secondNames) await checkRoute(page, path, 'guest', findings, { runAxe: false });
  expect(findings).toEqual([]);
});

test('signed out, the account and shopping pages pass axe at 1280 and 375 px and have their own titles', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const findings: Findings = [];
  // A phone in the guest cart, so the cart and guest checkout show their lines.
  await page.goto(`/index-item/${phone.id}`);
  await settled(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('dialog', { name: 'Added to cart' })).toBeVisible();
  for (const path of [...accountRoutes, ...shopperRoutes]) await checkRoute(page, path, 'guest', findings);
  expect(findings).toEqual([]);
});

test('signed out, the admin area’s pages pass axe at 1280 and 375 px and have their own titles', async ({ page }) => {
  test.setTimeout(240_000);
  const findings: Findings = [];
  for (const path of adminRoutes) await checkRoute(page, path, 'guest', findings);
  expect(findings).toEqual([]);
});

test('a signed-in shopper’s pages and dialogs pass axe at 1280 and 375 px', async ({ page }) => {
  test.setTimeout(240_000);
  const findings: Findings = [];
  const email = uniqueEmail('a11y-shopper');
  await registerShopper(page.request, email);
  await placePaidGuestOrder(page.request);

  // Right after registering: the membership choice, and its welcome dialog for Basic (which goes on to the
  // dashboard, so focus goes to the new page's heading instead of back).
  await checkRoute(page, '/membership-choice', 'shopper', findings);
  await page.setViewportSize({ width: 1280, height: 900 });
  await checkDialog(
    page,
    page.getByRole('button', { name: /Basic/ }).first(),
    'Welcome to Bilum!',
    'shopper',
    findings,
    {
      returnsFocus: false,
    },
  );

  await checkShopperDialogs(page, 'shopper', true, findings);
  // The pages that differ for a signed-in shopper (the header, member links and prices, the account's pages).
  for (const path of [
    '/',
    '/dashboard',
    '/category/phones',
    `/item/${phone.id}`,
    `/itemdetail/${exclusiveOffer}`,
    '/contact',
    '/cart',
    '/order-history',
    '/track-order',
    '/membership-payment',
  ]) {
    await checkRoute(page, path, 'shopper', findings);
  }

  // Checkout: Buy It Now, the contact details, then the checkout with its edit dialog.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/item/${watch}`);
  await page.getByRole('button', { name: 'Buy It Now' }).click();
  await expect(page).toHaveURL(/\/contact-details$/);
  await settled(page);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await axe(page, `shopper /contact-details at ${width} px`, findings);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await continueToPickupCheckout(page);
  await settled(page);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await axe(page, `shopper /checkout at ${width} px`, findings);
  }
  await checkDialog(
    page,
    page.getByRole('button', { name: 'Edit', exact: true }),
    'Edit contact details',
    'shopper',
    findings,
  );

  // The profile and its three pop-ups.
  await checkRoute(page, '/profile', 'shopper', findings);
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const [label, name] of [
    ['My Cart', 'Shopping Cart'],
    ['My Orders', 'My Order History'],
    ['My List', /./],
  ] as const) {
    await checkDialog(page, page.getByRole('button', { name: new RegExp(`^${label}`) }), name, 'shopper', findings);
  }

  // As a Premium member: member prices, the Exclusive Member offer, the membership pages.
  await buyPremium(page.request);
  for (const path of [
    '/dashboard',
    `/item/${phone.id}`,
    `/item/${exclusiveOffer}`,
    '/cart',
    '/profile',
    '/membership-success',
    '/membership-payment',
  ]) {
    await checkRoute(page, path, 'member', findings);
  }
  expect(findings).toEqual([]);
});

test('the admin pages and dialogs pass axe at 1280 and 375 px', async ({ page }) => {
  test.setTimeout(180_000);
  const findings: Findings = [];
  await placePaidGuestOrder(page.request);
  await page.goto('/admin-login');
  await page.getByLabel('Username').fill(e2eAdmin.username);
  await page.getByLabel('Password', { exact: true }).fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/entry-option$/);

  for (const path of [...adminRoutes, '/']) {
    await checkRoute(page, path, 'admin', findings);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/product-inventory');
  await settled(page);
  // The inventory is paged by the server (issue 18): the phone is found by its name.
  await page.getByPlaceholder('Search products by name or category...').fill(phone.name);
  await settled(page);
  await checkDialog(
    page,
    page.getByRole('button', { name: `Edit ${phone.name}` }).first(),
    /^Edit Product/,
    'admin',
    findings,
  );
  await checkDialog(page, page.getByRole('button', { name: `Delete ${phone.name}` }).first(), /./, 'admin', findings);
  await page.goto('/order-inventory');
  await settled(page);
  await checkDialog(page, page.getByRole('button', { name: /^View / }).first(), /^Order #/, 'admin', findings);
  await checkDialog(page, page.getByRole('button', { name: /^Cancel / }).first(), /^Cancel order #/, 'admin', findings);
  expect(findings).toEqual([]);
});

/** Presses Tab (Shift+Tab with `backwards`) until `target` has focus: the keyboard's way of finding a control. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 150 } = {}) {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === element.ownerDocument.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} was not reached with the keyboard`);
}

/** Types into a field reached with Tab. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

test('a guest goes from home to a paid order with the keyboard alone, and focus follows each new page', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const findings: Findings = [];
  await page.goto('/');
  await settled(page);

  // Search from the home page and open the product from the results.
  await typeInto(page, page.getByRole('searchbox').first(), 'Galaxy A05');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page).toHaveTitle(/ - Bilum$/);
  await tabTo(page, page.getByRole('list', { name: 'Products' }).getByRole('link', { name: phone.name }).first());
  await page.keyboard.press('Enter');
  // A route change puts focus on the new page's main heading, announces the page and names the tab.
  const heading = page.getByRole('heading', { name: phone.name, level: 1 });
  await expect(heading).toBeFocused();
  await expect(page).toHaveTitle(`${phone.name} - Bilum`);
  await expect(page.getByRole('status').filter({ hasText: `${phone.name} - Bilum` })).toBeAttached();

  // Add to Cart opens the dialog with focus inside it; CHECKOUT goes to guest checkout.
  await tabTo(page, page.getByRole('button', { name: 'Add to Cart' }));
  await page.keyboard.press('Enter');
  const added = page.getByRole('dialog', { name: 'Added to cart' });
  await expect(added).toBeVisible();
  await tabTo(page, added.getByRole('button', { name: 'CHECKOUT' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/guestcheckout$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  await typeInto(page, page.getByLabel('First name'), 'Kila');
  await typeInto(page, page.getByLabel('Last name'), 'Wari');
  await typeInto(page, page.getByLabel('Email'), uniqueEmail('keyboard'));
  await typeInto(page, page.getByLabel('Phone', { exact: true }), '71234567');
  await typeInto(page, page.getByLabel('Street address'), 'Section 5, Lot 12');
  await typeInto(page, page.getByLabel('City'), 'Port Moresby');
  await typeInto(page, page.getByLabel('Postcode'), '111');
  // The province is a list (issue 19): typing its first letters picks it, as on any select.
  await typeInto(page, page.getByLabel('Province', { exact: true }), 'National Capital');
  await expect(page.getByLabel('Province', { exact: true })).toHaveValue('National Capital District');
  await tabTo(page, page.getByRole('button', { name: 'Continue to Checkout' }));
  await page.keyboard.press('Enter');

  // The payment step: its edit dialog gives focus back, then the test card pays.
  await expect(page.getByLabel('Card number')).toBeVisible();
  await axe(page, 'guest checkout payment step at 1280 px', findings);
  const edit = page.getByRole('button', { name: 'Edit', exact: true });
  await tabTo(page, edit, { backwards: true });
  await checkDialog(page, edit, 'Edit contact details', 'guest checkout', findings);
  await typeInto(page, page.getByLabel('Card number'), '4242 4242 4242 4242');
  await typeInto(page, page.getByLabel('Expiry (MM/YY)'), '12/34');
  await typeInto(page, page.getByLabel('CVC'), '123');
  await tabTo(page, page.getByRole('button', { name: /^Pay K/ }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/order-confirmation$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Thank you for your order!', level: 1 })).toBeFocused();
  await expect(page).toHaveTitle('Order Confirmation - Bilum');
  await page.waitForLoadState('networkidle');
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await axe(page, `order confirmation at ${width} px`, findings);
  }
  expect(findings).toEqual([]);
});
