import { describe, expect, it } from 'vitest';
import {
  fitsOneSms,
  gsm7Length,
  type OrderText,
  orderTextWordings,
  renderOrderText,
  textDateTime,
  textLocaleOf,
  textLocales,
} from './text-templates';

// Wed 25 Nov 2026, 3:30 pm in Port Moresby (UTC+10).
const deadline = new Date('2026-11-25T05:30:00Z');

/** Realistic values at their longest: a five-digit order, a large amount, a full bank name and account. */
const examples: OrderText[] = [
  {
    kind: 'bank-transfer',
    orderId: 48213,
    amount: 1_234_550,
    reference: 'PAY 4827 31',
    bank: 'Bank South Pacific',
    account: '7001234567',
    deadline,
  },
  {
    kind: 'payment-reminder',
    orderId: 48213,
    amount: 1_234_550,
    reference: 'PAY 4827 31',
    bank: 'Bank South Pacific',
    account: '7001234567',
    deadline,
  },
  { kind: 'payment-received', orderId: 48213, amount: 1_234_550, next: 'delivery' },
  { kind: 'payment-received', orderId: 48213, amount: 1_234_550, next: 'pickup' },
  { kind: 'payment-received', orderId: 48213, amount: 1_234_550, next: null },
  { kind: 'ready-for-pickup', orderId: 48213, place: 'Vision City Mall, Waigani' },
  { kind: 'dispatched', orderId: 48213, expected: new Date('2026-12-02T00:00:00Z') },
  { kind: 'dispatched', orderId: 48213, expected: null },
];

describe('text templates (issue 31)', () => {
  for (const locale of textLocales) {
    for (const example of examples) {
      it(`${locale} ${example.kind} fits one GSM-7 SMS with realistic values`, () => {
        const text = renderOrderText(example, locale);
        expect(gsm7Length(text), text).not.toBeNull();
        expect(gsm7Length(text) ?? Infinity, text).toBeLessThanOrEqual(160);
        // The fullest wording fits with these values: nothing was dropped.
        expect(text).toBe(orderTextWordings(example, locale)[0]);
      });
    }
  }

  it('names the reference, amount, account and deadline of a bank transfer, in Tok Pisin too', () => {
    const [bankTransfer] = examples;
    expect(renderOrderText(bankTransfer!, 'en')).toBe(
      'Bilum order #48213: please pay K12,345.50 to Bank South Pacific acct 7001234567, ref PAY 4827 31, by Wed 25 Nov, 3:30 pm. Unpaid orders are cancelled then.',
    );
    expect(renderOrderText(bankTransfer!, 'tpi')).toBe(
      'Bilum oda #48213: plis baim K12,345.50 long Bank South Pacific akaun 7001234567, ref PAY 4827 31, bipo Trinde 25 Nov, 3:30 pm. Sapos yu no baim, oda bai pinis.',
    );
  });

  it('drops the last sentence, then shortens a long bank name or place, to stay within one SMS', () => {
    const long: OrderText = {
      kind: 'bank-transfer',
      orderId: 48213,
      amount: 1_234_550,
      reference: 'PAY 4827 31',
      bank: 'Bank of South Pacific Limited, Port Moresby Waigani Branch',
      account: '1000 2345 6789',
      deadline,
    };
    for (const locale of textLocales) {
      const text = renderOrderText(long, locale);
      expect(fitsOneSms(text), text).toBe(true);
      expect(text).toContain('PAY 4827 31');
      expect(text).toContain('1000 2345 6789');
    }
    const pickup: OrderText = { kind: 'ready-for-pickup', orderId: 1, place: 'x'.repeat(150) };
    for (const locale of textLocales) expect(fitsOneSms(renderOrderText(pickup, locale))).toBe(true);
  });

  it('writes what a shopper typed in GSM-7 (curly quotes, dashes)', () => {
    const text = renderOrderText({ kind: 'ready-for-pickup', orderId: 9, place: 'Kila’s Store – Boroko' }, 'en');
    expect(text).toContain("Kila's Store - Boroko");
    expect(gsm7Length(text)).not.toBeNull();
  });

  it('counts GSM-7 septets: the extension table twice, anything else not at all', () => {
    expect(gsm7Length('Tenkyu!')).toBe(7);
    expect(gsm7Length('[ref]')).toBe(7);
    expect(gsm7Length('Tenkyu 🙏')).toBeNull();
    expect(gsm7Length('3:30 pm')).toBe(7);
  });

  it('tells the time in Port Moresby in both languages', () => {
    expect(textDateTime(deadline, 'en')).toBe('Wed 25 Nov, 3:30 pm');
    expect(textDateTime(deadline, 'tpi')).toBe('Trinde 25 Nov, 3:30 pm');
    expect(textDateTime(new Date('2026-11-30T14:05:00Z'), 'en')).toBe('Tue 1 Dec, 12:05 am');
  });

  it('takes the language from the lang cookie, English unless it is Tok Pisin', () => {
    expect(textLocaleOf('tpi')).toBe('tpi');
    expect(textLocaleOf('en')).toBe('en');
    expect(textLocaleOf('fr')).toBe('en');
    expect(textLocaleOf(undefined)).toBe('en');
  });
});
