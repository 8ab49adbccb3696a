import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { e2eAdmin, uniqueEmail } from '../src/accounts';

// A real 1x1 PNG: the server checks the picture by its bytes, not by its name.
const pngPicture = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function signInAsAdmin(page: Page) {
  await page.goto('/admin-login');
  await page.getByLabel('Username').fill(e2eAdmin.username);
  await page.getByLabel('Password', { exact: true }).fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Admin login successful! Redirecting to Inventory.')).toBeVisible();
  await expect(page).toHaveURL(/\/entry-option$/);
}

/** The storefront's category page, then the product's own page. */
async function openOnStorefront(page: Page, category: string, name: string) {
  await page.goto(`/category/${category}`);
  await page.getByRole('list', { name: 'Products' }).getByRole('link', { name }).first().click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

test('guests and shoppers who open an admin page are sent to the admin sign-in', async ({ page }) => {
  for (const path of [
    '/entry-option',
    '/product-inventory',
    '/product-entry',
    '/order-inventory',
    '/member-status',
    '/settings',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin-login$/);
  }
  const response = await page.request.post('/api/auth/register', {
    data: {
      fullName: 'Curious Shopper',
      email: uniqueEmail('curious'),
      countryCode: '+675',
      phone: '71234567',
      password: 'shopper-password-1',
    },
  });
  expect(response.status()).toBe(201);
  await page.goto('/product-inventory');
  await expect(page).toHaveURL(/\/admin-login$/);
});

test('an admin adds a product with an uploaded picture, finds it on the storefront, and edits its price there', async ({
  page,
}) => {
  test.setTimeout(90_000); // a product added, shown, edited and shown again: about 20 s alone, three times that on a busy CI machine
  const name = `Admin Camera ${Date.now()}`;
  await signInAsAdmin(page);
  for (const label of ['Product Inventory', 'Order Inventory', 'Member Status', 'Exit']) {
    await expect(page.getByRole('link', { name: label, exact: false }).first()).toBeVisible();
  }
  await page.getByRole('link', { name: /Product Inventory/ }).click();
  await expect(page.getByRole('heading', { name: 'Product Inventory', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Add New Product' }).first().click();
  await expect(page.getByRole('heading', { name: 'Add New Product', level: 1 })).toBeVisible();

  // The rules speak first.
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Product Name is required.')).toBeVisible();
  await expect(page.getByText('Description must be at least 10 characters.')).toBeVisible();
  await expect(page.getByText('Price must be greater than 0.')).toBeVisible();
  await expect(page.getByText('Stock on hand is required: a whole number, 0 or more.')).toBeVisible();
  await expect(page.getByText('Main image URL is required.')).toBeVisible();
  await expect(page.getByText('Please select a valid category.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Secondary image 1' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Secondary image 2' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Secondary image 3' })).toHaveCount(0);

  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Description').fill('A mirrorless camera added by the admin journey.');
  await page.getByLabel('Price (K)').fill('1,250.50');
  await page.getByLabel('Category').selectOption('cameras');
  await page.getByLabel('Stock on hand').fill('3');
  await page
    .getByLabel('Upload main image')
    .setInputFiles({ name: 'camera.png', mimeType: 'image/png', buffer: pngPicture });
  await expect(page.getByLabel('Main Image URL')).toHaveValue(/^\/api\/images\/[0-9a-f]{32}$/);
  const imageUrl = await page.getByLabel('Main Image URL').inputValue();
  await page.getByRole('button', { name: 'Add Product' }).click();

  await expect(page.getByText('Product added successfully!')).toBeVisible();
  await expect(page.getByLabel('Product Name')).toHaveValue('');
  await expect(page.getByLabel('Main Image URL')).toHaveValue('');
  await expect(page.getByText('Product added successfully!')).toBeHidden({ timeout: 5000 });

  // On the storefront at once, with the uploaded picture served by the shop.
  await openOnStorefront(page, 'cameras', name);
  await expect(page.getByText('K1,250.50').first()).toBeVisible();
  const picture = await page.request.get(imageUrl);
  expect(picture.headers()['content-type']).toBe('image/png');

  // Edit the price in the inventory.
  await page.goto('/product-inventory');
  await page.getByPlaceholder('Search products by name or category...').fill(name);
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit Product: ${name}` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Current Price (K)').fill('999');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Product Updated Successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  await openOnStorefront(page, 'cameras', name);
  await expect(page.getByText('K999.00').first()).toBeVisible();
  await expect(page.getByText('K1,250.50')).toHaveCount(0);
});

// A picture over 20 MB is refused at once, with the limit in a toast, and nothing is filled in (issues 28, 30). A
// journey of its own: handing the browser 20 MB takes seconds on a slow machine, and the add-and-edit journey above
// ran out of its time on one.
test('a picture over 20 MB is refused at once with the limit, and the form keeps its fields empty', async ({
  page,
}) => {
  // Handing a 20 MB file to the browser goes through Playwright's protocol as text: on a slow machine that alone
  // took most of the usual 30 s (CI timed out twice after the sign-in), before the shop had anything to refuse.
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  await page.goto('/product-entry');
  await expect(page.getByRole('heading', { name: 'Add New Product', level: 1 })).toBeVisible();
  await page
    .getByLabel('Upload main image')
    .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(20 * 1024 * 1024 + 1) });
  const tooLarge = 'The image is too large. Please upload one of at most 20 MB.';
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText(tooLarge)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: tooLarge })).toBeVisible();
  await expect(page.getByLabel('Main Image URL')).toHaveValue('');
});

/** A real one-colour PNG, made here (zlib's deflate and CRC-32), wide enough for the shop's 320 and 640 px copies. */
function solidPng(width: number, height: number, [red, green, blue]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x += 1) row.set([red, green, blue], 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const bluePicture = solidPng(700, 500, [29, 78, 216]);
const redPicture = solidPng(700, 500, [185, 28, 28]);

test('an admin uploads gallery pictures in the edit dialog, reorders and removes them, and the storefront shows them in order', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const name = `Gallery Lamp ${Date.now()}`;
  await signInAsAdmin(page);
  const created = await page.request.post('/api/admin/products', {
    data: {
      name,
      description: 'A lamp whose pictures the admin adds in the edit dialog.',
      price: 45_000,
      stock: 4,
      category: 'accessories',
      image: '/images/products/acer-aspire-5-laptop.svg',
    },
  });
  expect(created.status()).toBe(201);

  await page.goto('/product-inventory');
  await page.getByPlaceholder('Search products by name or category...').fill(name);
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit Product: ${name}` });
  await expect(dialog.getByText('No secondary images yet.')).toBeVisible();

  // A new main picture and two gallery pictures, uploaded.
  await dialog
    .getByLabel('Upload new main image')
    .setInputFiles({ name: 'main.png', mimeType: 'image/png', buffer: pngPicture });
  await expect(dialog.getByLabel('Image URL')).toHaveValue(/^\/api\/images\/[0-9a-f]{32}$/);
  const mainUrl = await dialog.getByLabel('Image URL').inputValue();
  const upload = dialog.getByLabel('Upload secondary image');
  await upload.setInputFiles({ name: 'blue.png', mimeType: 'image/png', buffer: bluePicture });
  await expect(dialog.getByRole('textbox', { name: 'Secondary image 1' })).toHaveValue(/^\/api\/images\//);
  await upload.setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: redPicture });
  await expect(dialog.getByRole('textbox', { name: 'Secondary image 2' })).toHaveValue(/^\/api\/images\//);
  const blueUrl = await dialog.getByRole('textbox', { name: 'Secondary image 1' }).inputValue();
  const redUrl = await dialog.getByRole('textbox', { name: 'Secondary image 2' }).inputValue();
  expect(redUrl).not.toBe(blueUrl);

  // Red moves up with the keyboard-reachable button; focus stays on the moved row, and the move is announced.
  await dialog.getByRole('button', { name: 'Move secondary image 2 up' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Secondary image 1' })).toHaveValue(redUrl);
  await expect(dialog.getByRole('textbox', { name: 'Secondary image 2' })).toHaveValue(blueUrl);
  await expect(dialog.getByRole('button', { name: 'Move secondary image 1 down' })).toBeFocused();
  await expect(dialog.getByRole('status').filter({ hasText: 'moved to position 1 of 2' })).toBeAttached();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Product Updated Successfully')).toBeVisible();

  // The storefront: main picture, then red, then blue; each uploaded one offers its small WebP copies.
  await openOnStorefront(page, 'accessories', name);
  const thumbnails = page.getByRole('list', { name: 'Product pictures' }).locator('img');
  await expect(thumbnails).toHaveCount(3);
  await expect(thumbnails.nth(0)).toHaveAttribute('src', mainUrl);
  await expect(thumbnails.nth(1)).toHaveAttribute('src', redUrl);
  await expect(thumbnails.nth(2)).toHaveAttribute('src', blueUrl);
  await expect(thumbnails.nth(1)).toHaveAttribute(
    'srcset',
    new RegExp(`^${redUrl}/80\\.webp 80w, ${redUrl}/160\\.webp 160w, ${redUrl}/320\\.webp 320w, `),
  );
  const small = await page.request.get(`${redUrl}/320.webp`);
  expect(small.headers()['content-type']).toBe('image/webp');
  expect(small.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  // Removing one in the dialog leaves the other.
  await page.goto('/product-inventory');
  await page.getByPlaceholder('Search products by name or category...').fill(name);
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await dialog.getByRole('button', { name: 'Remove secondary image 1' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Secondary image 1' })).toHaveValue(blueUrl);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Product Updated Successfully').first()).toBeVisible();
  await openOnStorefront(page, 'accessories', name);
  await expect(thumbnails).toHaveCount(2);
  await expect(thumbnails.nth(1)).toHaveAttribute('src', blueUrl);
});

test('an admin searches the membership overview by name, e-mail and phone', async ({ page }) => {
  const email = uniqueEmail('overview');
  const fullName = `Overview Person ${Date.now()}`;
  const registered = await page.request.post('/api/auth/register', {
    data: { fullName, email, countryCode: '+675', phone: '78765432', password: 'shopper-password-1' },
  });
  expect(registered.status()).toBe(201);
  await page.request.post('/api/auth/logout');

  await signInAsAdmin(page);
  await page.getByRole('link', { name: /Member Status/ }).click();
  await expect(page.getByRole('heading', { name: 'Membership Overview' })).toBeVisible();
  for (const label of ['Total Users', 'Active Members', 'Pending Members', 'Non-Members']) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  const search = page.getByPlaceholder('Search by name, email, or phone...');
  const rows = page.getByRole('row');

  await search.fill(fullName.toUpperCase());
  await expect(rows.filter({ hasText: fullName })).toHaveCount(1);
  await expect(rows.filter({ hasText: fullName }).getByText('N/A').first()).toBeVisible();
  await search.fill(email);
  await expect(rows.filter({ hasText: fullName })).toHaveCount(1);
  await search.fill('8765 432');
  await expect(rows.filter({ hasText: fullName })).toHaveCount(1);
  await search.fill('nobody-has-this-name');
  await expect(page.getByText('No users found matching your search.')).toBeVisible();
  await expect(page.getByText('Try a different search term or check your data.')).toBeVisible();
});

test('an admin changes the shop’s phone on /settings and the footer shows it at once', async ({ page }) => {
  await signInAsAdmin(page);
  await page
    .getByRole('link', { name: /Settings/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Shop Settings' })).toBeVisible();
  await page.getByLabel('Phone').fill('5123');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('PNG numbers must start with 7, 3, 2, or 8.')).toBeVisible();
  await page.getByLabel('Phone').fill('+675 325 0000');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await page.goto('/contact');
  await expect(page.getByText('+675 325 0000').first()).toBeVisible();
  // Put the default back for the other journeys.
  await page.request.put('/api/admin/settings', {
    data: {
      contactEmail: 'sales@bilum.com.pg',
      phone: '+675 321 4567',
      address: 'Section 38, Allotment 12, Waigani Drive, Port Moresby, NCD, Papua New Guinea',
      deliveryDays: 3,
    },
  });
});

/**
 * A guest order for one unit of an in-stock demo product, placed through the API and paid with 4242 4242 4242 4242
 * unless `pay` is false (an abandoned checkout).
 */
async function placePaidGuestOrder(
  request: APIRequestContext,
  lastName: string,
  { phone = '7123 4567', pay = true }: { phone?: string; pay?: boolean } = {},
): Promise<number> {
  const listed = await request.get('/api/products?pageSize=60');
  const { items } = (await listed.json()) as {
    items: { id: number; stock: number; status: string; isMembership: boolean; isExclusive: boolean }[];
  };
  const product = items.find((p) => !p.isMembership && !p.isExclusive && p.status === 'active' && p.stock > 1);
  if (!product) throw new Error('no product in stock to order');
  const placed = await request.post('/api/orders', {
    data: {
      idempotencyKey: randomUUID(),
      contact: {
        firstName: 'Dispatch',
        lastName,
        email: uniqueEmail('order'),
        countryCode: '+675',
        phone,
        pickup: false,
        address: 'Section 5, Lot 12, Boroko Drive',
        city: 'Port Moresby',
        state: 'NCD',
        postcode: '111',
      },
      source: { type: 'items', items: [{ productId: product.id, quantity: 1 }] },
    },
  });
  expect(placed.status()).toBe(201);
  const { order, checkoutToken } = (await placed.json()) as { order: { id: number }; checkoutToken: string };
  if (!pay) return order.id;
  const paid = await request.post(`/api/orders/${order.id}/payment`, {
    headers: { 'x-checkout-token': checkoutToken },
    data: {
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
      returnUrl: '/guestcheckout',
    },
  });
  expect(((await paid.json()) as { status: string }).status).toBe('succeeded');
  return order.id;
}

const tile = (page: Page, label: string) => page.getByTestId(`stat-${label}`);
const tileValue = async (page: Page, label: string) => Number(await tile(page, label).textContent());

test('an admin dispatches and delivers an order and sees the tiles change', async ({ page }) => {
  const lastName = `Kaupa${Date.now()}`;
  const orderId = await placePaidGuestOrder(page.request, lastName);

  await signInAsAdmin(page);
  await page.getByRole('link', { name: /Order Inventory/ }).click();
  await expect(page.getByRole('heading', { name: 'Order Management', level: 1 })).toBeVisible();
  await expect(tile(page, 'Total Orders')).not.toHaveText('0');
  const dispatched = await tileValue(page, 'Dispatched');
  const delivered = await tileValue(page, 'Delivered');

  await page.getByPlaceholder('Search by customer name or order ID...').fill(`dispatch ${lastName}`);
  const row = page.getByRole('row').filter({ hasText: `#${orderId}` });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: `Dispatch order #${orderId}` }).click();
  await expect(page.getByText(`Order #${orderId} status updated to Dispatched`)).toBeVisible();
  await expect(tile(page, 'Dispatched')).toHaveText(String(dispatched + 1));
  await expect(row.getByRole('button', { name: `Dispatch order #${orderId}` })).toBeDisabled();

  await row.getByRole('button', { name: `Deliver order #${orderId}` }).click();
  // Delivered is final: asked first (issue 30).
  await page
    .getByRole('dialog', { name: `Mark order #${orderId} as delivered?` })
    .getByRole('button', { name: 'Mark Delivered' })
    .click();
  await expect(page.getByText(`Order #${orderId} status updated to Delivered`)).toBeVisible();
  await expect(tile(page, 'Delivered')).toHaveText(String(delivered + 1));
  await expect(tile(page, 'Dispatched')).toHaveText(String(dispatched));
  for (const verb of ['Dispatch', 'Deliver', 'Cancel']) {
    await expect(row.getByRole('button', { name: `${verb} order #${orderId}` })).toBeDisabled();
  }

  await row.getByRole('button', { name: `View order #${orderId}` }).click();
  const dialog = page.getByRole('dialog', { name: `Order #${orderId}` });
  await expect(dialog.getByText(`Dispatch ${lastName}`)).toBeVisible();
  await expect(dialog.getByText(/Dispatched → Delivered by/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByPlaceholder('Search by customer name or order ID...').fill('nobody-ordered-this');
  await expect(page.getByText('No orders found matching "nobody-ordered-this".')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Search' }).click();
  await expect(page.getByRole('row').filter({ hasText: `#${orderId}` })).toHaveCount(1);

  // On a phone the first order is on the first screen: the tiles are smaller and the filters fold away behind one
  // button (issue 30).
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Order #\d+$/ }).first()).toBeInViewport();
  await expect(page.locator('#order-filter-status')).toBeHidden();
  await page.getByRole('button', { name: 'Filter orders' }).click();
  await expect(page.locator('#order-filter-status')).toBeVisible();
  await page.locator('#order-filter-status').selectOption('Delivered');
  await expect(page.getByRole('button', { name: 'Hide filters (1 on)' })).toBeVisible();
});

test('an admin finds an order by phone, sees unpaid checkouts only when asked, and the tiles add up', async ({
  page,
}) => {
  const stamp = String(Date.now()).slice(-7);
  const lastName = `Wari${stamp}`;
  const phone = `7${stamp}`; // a PNG mobile of 8 digits, as the shopper typed it
  const paidId = await placePaidGuestOrder(page.request, lastName, { phone });
  const unpaidId = await placePaidGuestOrder(page.request, lastName, { phone, pay: false });

  await signInAsAdmin(page);
  await page.goto('/order-inventory');
  await expect(page.getByRole('heading', { name: 'Order Management', level: 1 })).toBeVisible();
  await expect(tile(page, 'Total Orders')).not.toHaveText('0');
  const parts = await Promise.all(
    ['Pending', 'Processing', 'Dispatched', 'Delivered', 'Cancelled'].map((label) => tileValue(page, label)),
  );
  expect(parts.reduce((sum, count) => sum + count, 0)).toBe(await tileValue(page, 'Total Orders'));

  const search = page.getByPlaceholder('Search by customer name or order ID...');
  const row = (id: number) => page.getByRole('row').filter({ hasText: `#${id}` });
  for (const typed of [`+675 ${phone.slice(0, 4)} ${phone.slice(4)}`, `+675${phone}`]) {
    await search.fill(typed);
    await expect(row(paidId)).toHaveCount(1);
    await expect(row(unpaidId)).toHaveCount(0);
  }

  await page.getByLabel('Show').selectOption({ label: 'Unpaid checkouts' });
  await expect(row(unpaidId)).toHaveCount(1);
  await expect(row(paidId)).toHaveCount(0);
  await expect(row(unpaidId).getByText('Not paid: awaiting payment')).toBeVisible();
  await expect(row(unpaidId).getByRole('button', { name: `Dispatch order #${unpaidId}` })).toHaveCount(0);

  await page.getByLabel('Show').selectOption({ label: 'Paid orders' });
  await row(paidId)
    .getByRole('button', { name: `Dispatch order #${paidId}` })
    .click();
  await expect(page.getByText(`Order #${paidId} status updated to Dispatched`)).toBeVisible();
  await row(paidId)
    .getByRole('button', { name: `View order #${paidId}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Order #${paidId}` });
  await expect(dialog.getByText('Estimated delivery')).toBeVisible();
  await expect(dialog.getByText('To be confirmed')).toHaveCount(0);
});
