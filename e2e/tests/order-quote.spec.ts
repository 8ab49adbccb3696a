import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { uniqueEmail } from '../src/accounts';

/*
 * Issue 27, seam 2 (decision 022): no stale price is ever charged. Anna's card order (a bag delivered to the
 * Highlands) is waiting on /checkout when she joins Premium elsewhere; Pay at the old amount charges nothing, the
 * page says what the order costs now and why, and she pays the member price with free delivery.
 */

interface ApiProduct {
  id: number;
  price: number;
  status: string;
  stock: number;
  isMembership: boolean;
  isExclusive: boolean;
}

const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' };

/** "K1,234.50" as the shop writes kina. */
function kina(toea: number): string {
  return `K${(toea / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

async function aBag(request: APIRequestContext): Promise<ApiProduct> {
  const response = await request.get('/api/products?category=accessories&pageSize=60');
  const found = ((await response.json()) as { items: ApiProduct[] }).items.filter(
    (product) => product.status === 'active' && product.stock > 2 && !product.isExclusive && !product.isMembership,
  );
  expect(found.length).toBeGreaterThan(0);
  return found[0]!;
}

async function highlandsFee(request: APIRequestContext): Promise<number> {
  const options = (await (await request.get('/api/delivery/options')).json()) as {
    zones: { feeToea: number; provinces: string[] }[];
  };
  const zone = options.zones.find((candidate) => candidate.provinces.includes('Western Highlands'));
  expect(zone?.feeToea).toBeGreaterThan(0);
  return zone!.feeToea;
}

async function fillCard(page: Page) {
  await page.getByLabel('Card number').fill(card.number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill(card.cvc);
}

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('Anna joins Premium while her card order waits: Pay at the old amount charges nothing, the page shows the new price and why, and she pays it', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const bag = await aBag(page.request);
    const fee = await highlandsFee(page.request);
    const email = uniqueEmail('anna-quote');
    const registered = await page.request.post('/api/auth/register', {
      data: { fullName: 'Anna Kewa', email, countryCode: '+675', phone: '71234567', password: 'quote-password-1' },
    });
    expect(registered.status()).toBe(201);
    const saved = await page.request.put('/api/contact-details', {
      data: {
        firstName: 'Anna',
        lastName: 'Kewa',
        email,
        countryCode: '+675',
        phone: '71234567',
        pickup: false,
        address: 'Section 3, Lot 8, Kuri Street',
        city: 'Mount Hagen',
        state: 'Western Highlands',
        postcode: '281',
        hasPhysicalItems: true,
      },
    });
    expect(saved.ok()).toBe(true);

    const placedTotal = bag.price + fee;
    const memberTotal = Math.round(bag.price * 0.9);
    await page.goto(`/item/${bag.id}`);
    await page.getByRole('button', { name: 'Buy It Now' }).click();
    // Her saved details (Mount Hagen, Western Highlands) fill the form: on to the payment.
    await expect(page).toHaveURL(/\/contact-details$/);
    await expect(page.getByLabel('City')).toHaveValue('Mount Hagen');
    await page.getByRole('button', { name: 'CONTINUE TO CHECKOUT' }).click();
    await expect(page).toHaveURL(/\/checkout$/, { timeout: 10_000 });
    await expect(page.getByRole('button', { name: `Pay ${kina(placedTotal)}` })).toBeVisible({ timeout: 10_000 });

    // Elsewhere (the membership page, another tab), Anna joins Premium.
    const started = await page.request.post('/api/membership/payment', { data: {} });
    expect(started.status()).toBe(201);
    const { membershipId } = (await started.json()) as { membershipId: number };
    const joined = await page.request.post(`/api/membership/payment/${membershipId}/confirm`, {
      data: { cardholderName: 'Anna Kewa', termsAccepted: true, card: { ...card, name: 'Anna Kewa' } },
    });
    expect((await joined.json()).status).toBe('succeeded');

    // The page still shows the old amount: paying it is refused, nothing is charged, and the page says why.
    await fillCard(page);
    await page.getByRole('button', { name: `Pay ${kina(placedTotal)}` }).click();
    const notice = page.getByTestId('price-changed');
    await expect(notice).toContainText('Nothing was charged');
    await expect(notice).toContainText(
      `The price of your order changed: now ${kina(memberTotal)} (was ${kina(placedTotal)}) because your Premium member prices now apply and delivery is free for Premium members. Pay ${kina(memberTotal)}.`,
    );
    const payNow = page.getByRole('button', { name: `Pay ${kina(memberTotal)}` });
    await expect(payNow).toBeVisible();
    await expect(page.getByTestId('order-total')).toHaveText(kina(memberTotal));
    await page.screenshot({ path: test.info().outputPath('order-quote-375.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: test.info().outputPath('order-quote-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });

    await payNow.click();
    await expect(page).toHaveURL(/\/order-confirmation$/, { timeout: 15_000 });
    const trackingCode = (await page.getByTestId('tracking-code').textContent())!.trim();
    const tracked = await page.request.post('/api/orders/track', { data: { trackingCode } });
    expect((await tracked.json()).order).toMatchObject({ total: memberTotal, shipping: 0, paymentStatus: 'paid' });
  });
});
