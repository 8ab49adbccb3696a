import { defaultShopSettings } from '@bilum/shared';
import { describe, expect, it } from 'vitest';
import type { OrderItemRow, OrderRow } from '../../db/schema';
import { orderStatusEmail } from '../admin/admin-orders.emails';
import { orderConfirmationEmail } from '../orders/order-emails';
import { holdEndedEmail } from '../payment-methods/payment-methods.emails';
import { confirmNewEmail, emailChangedNotice, passwordChangedNotice } from '../profile/profile.emails';
import { durationIn, emailLocaleOf, longDayIn, pngDateTimeIn } from './email-locale';

/*
 * Issue 31: the shopper's e-mails in the order's or the request's language, here the ones the API tests
 * (texts.test.ts, password-reset.test.ts) do not reach: each in Tok Pisin, and English word for word as before.
 */

const shopUrl = 'https://bilum.test';
const at = new Date('2026-11-25T05:30:00Z'); // Wed 25 Nov 2026, 3:30 pm in Port Moresby.

/** The fields of an order the e-mails read (the rest are the database's). */
function order(overrides: Partial<OrderRow> = {}): OrderRow {
  return {
    id: 41,
    email: 'kila@example.pg',
    firstName: 'Kila',
    trackingCode: 'TRK123',
    locale: 'tpi',
    paymentMethod: 'bank-transfer',
    paymentStatus: 'paid',
    source: 'items',
    userId: null,
    pickupLocation: null,
    deliveryZone: null,
    savingsToea: 0,
    shippingToea: 0,
    discountToea: 0,
    discountCode: null,
    totalToea: 9_900,
    amountReceivedToea: 0,
    cardLast4: '4242',
    invoiceNumber: 7,
    paidAt: at,
    updatedAt: at,
    holdConfirmTokenHash: null,
    estimatedDeliveryAt: null,
    ...overrides,
  } as OrderRow;
}

const membershipLine = {
  productId: 1,
  variantId: null,
  productName: 'Bilum Premium (1 year)',
  variantLabel: null,
  quantity: 1,
  unitPriceToea: 9_900,
  isMembership: true,
} as unknown as OrderItemRow;

describe('dates and lengths of time in Tok Pisin', () => {
  it('writes days and months in Tok Pisin, and English as before', () => {
    expect(pngDateTimeIn(at, 'tpi')).toBe('Trinde 25 Nov 2026, 3:30 pm');
    expect(pngDateTimeIn(at, 'en')).toMatch(/^Wed,? 25 Nov,? 2026,? 3:30\s?pm$/);
    expect(longDayIn(at, 'tpi')).toBe('25 Novemba 2026');
    expect(longDayIn(at, 'en')).toBe('25 November 2026');
    expect(durationIn('48 hours', 'tpi')).toBe('48 aua');
    expect(durationIn('1 day', 'tpi')).toBe('1 de');
    expect(durationIn('3 days', 'en')).toBe('3 days');
    expect(emailLocaleOf('tpi')).toBe('tpi');
    expect(emailLocaleOf('fr')).toBe('en');
  });
});

describe('order e-mails in the order’s language', () => {
  it('the Premium receipt', () => {
    const input = {
      items: [membershipLine],
      shopUrl,
      settings: defaultShopSettings,
      premium: { endsAt: new Date('2027-11-25T05:30:00Z'), renewal: false },
    };
    const tpi = orderConfirmationEmail({ ...input, order: order({ paymentMethod: 'card' }) });
    expect(tpi.subject).toBe('Risit bilong Bilum Premium bilong yu');
    expect(tpi.text).toContain('Halo Kila,');
    expect(tpi.text).toContain('Premium Memba bilong yu i stap inap long 25 Novemba 2027.');
    expect(tpi.text).toContain('Yu peim long 25 Novemba 2026 long kad i pinis long 4242.');
    expect(tpi.text).toContain(`Lukim memba bilong yu long profail bilong yu long wanem taim: ${shopUrl}/profile`);
    const en = orderConfirmationEmail({ ...input, order: order({ locale: 'en', paymentMethod: 'card' }) });
    expect(en.subject).toBe('Your Bilum Premium receipt');
    expect(en.text).toContain('Your Premium membership is active until 25 November 2027.');
    expect(en.text).toContain('Paid on 25 November 2026 with the card ending 4242.');
  });

  it('the hold ended: unpaid, not collected, not confirmed', () => {
    const settings = defaultShopSettings;
    const unpaid = holdEndedEmail({ order: order({ paidAt: null }), settings, shopUrl });
    expect(unpaid.subject).toBe('Mipela kenselim Bilum oda #41 bilong yu');
    expect(unpaid.text).toContain('Mipela i no kisim mani bilong oda #41 bilong yu long taim');
    expect(unpaid.text).toContain('Oda i stap olsem wanem:');
    const pickup = holdEndedEmail({ order: order({ paymentMethod: 'pickup', paidAt: null }), settings, shopUrl });
    expect(pickup.text).toContain('Yu no kam kisim oda #41 bilong yu bipo long las de bilong kisim');
    const unconfirmed = holdEndedEmail({
      order: order({ holdConfirmTokenHash: 'x', paidAt: null }),
      settings,
      shopUrl,
    });
    expect(unconfirmed.text).toContain('Yu no konfemim oda #41 bilong yu long imel bilong mipela long taim');
    const en = holdEndedEmail({ order: order({ locale: 'en', paidAt: null }), settings, shopUrl });
    expect(en.subject).toBe('Your Bilum order #41 was cancelled');
    expect(en.text).toContain('You have not been charged.');
    expect(en.text).toContain(`Questions? Write to ${settings.contactEmail} or call ${settings.phone}.`);
  });

  it('staff marked it collected or delivered', () => {
    const input = { status: 'Delivered' as const, shopUrl, settings: defaultShopSettings };
    const collected = orderStatusEmail({ ...input, order: order({ pickupLocation: 'Waigani store' }) });
    expect(collected.subject).toBe('Yu kisim pinis Bilum oda #41 bilong yu');
    expect(collected.text).toContain(
      'Yu kisim pinis oda #41 bilong yu long Waigani store. Tenkyu long baim long Bilum.',
    );
    const delivered = orderStatusEmail({ ...input, order: order() });
    expect(delivered.subject).toBe('Bilum oda #41 bilong yu i kamap pinis');
    const en = orderStatusEmail({ ...input, order: order({ locale: 'en' }) });
    expect(en.subject).toBe('Your Bilum order #41 has been delivered');
    expect(en.text).toContain('Your order #41 has been delivered. Thank you for shopping with Bilum.');
  });
});

describe('account e-mails in the language of the request', () => {
  const link = { to: 'new@example.pg', fullName: 'Kila Amini', shopUrl, token: 'tok', expiresAt: at, validHours: 24 };

  it('the new address to confirm, the address changed, the password changed', () => {
    const confirm = confirmNewEmail({ ...link, locale: 'tpi' });
    expect(confirm.subject).toBe('Konfemim nupela imel adres bilong Bilum akaun');
    expect(confirm.text).toContain('Halo Kila Amini,');
    expect(confirm.text).toContain('inap 24 aua');
    expect(confirmNewEmail(link).subject).toBe('Confirm your new Bilum e-mail address');
    const changed = emailChangedNotice({ ...link, newEmail: 'new@example.pg', locale: 'tpi' });
    expect(changed.subject).toBe('Imel adres bilong Bilum akaun i senis pinis');
    expect(changed.text).toContain('i senis i go long new@example.pg');
    const password = passwordChangedNotice({ ...link, locale: 'tpi' });
    expect(password.subject).toBe('Paswod bilong Bilum akaun i senis pinis');
    expect(passwordChangedNotice(link).text).toContain('Hello Kila Amini,');
  });
});
