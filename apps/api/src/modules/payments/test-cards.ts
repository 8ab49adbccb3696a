import type { PaymentError, TestCardDetails } from './payment-provider';

/** What a test card does when it is confirmed, following Stripe's well-known test numbers. */
export type TestCardOutcome =
  | { kind: 'succeeded'; last4: string }
  | { kind: 'requires_action'; last4: string }
  | { kind: 'failed'; last4: string | null; error: PaymentError };

export const testCardNumbers = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  requiresAuthentication: '4000002500003155',
} as const;

const failures = {
  incorrectNumber: { code: 'incorrect_number', message: 'Your card number is incorrect.' },
  invalidExpiryMonth: { code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." },
  expired: { code: 'invalid_expiry_year', message: "Your card's expiration date is in the past." },
  incompleteCvc: { code: 'incomplete_cvc', message: "Your card's security code is incomplete." },
  declined: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  insufficientFunds: {
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  notATestCard: {
    code: 'card_declined',
    declineCode: 'test_mode_live_card',
    message: 'Your card number is not a test card. Use 4242 4242 4242 4242.',
  },
} satisfies Record<string, PaymentError>;

/** The Luhn checksum every real card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card is valid to the end of its expiry month. */
function hasExpired(expMonth: number, expYear: number, today: Date): boolean {
  const year = expYear < 100 ? 2000 + expYear : expYear;
  const thisYear = today.getUTCFullYear();
  const thisMonth = today.getUTCMonth() + 1;
  return year < thisYear || (year === thisYear && expMonth < thisMonth);
}

/** The first problem with the card's details, as Stripe words it, or null when they are well-formed. */
function formatError(card: TestCardDetails, digits: string, today: Date): PaymentError | null {
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return failures.incorrectNumber;
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) return failures.invalidExpiryMonth;
  if (!Number.isInteger(card.expYear) || hasExpired(card.expMonth, card.expYear, today)) return failures.expired;
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return failures.incompleteCvc;
  return null;
}

/** Decides what confirming with this card does. Pure: `today` decides whether the expiry date has passed. */
export function evaluateTestCard(card: TestCardDetails, today: Date): TestCardOutcome {
  const digits = card.number.replace(/[\s-]/g, '');
  const error = formatError(card, digits, today);
  // A malformed card never reaches the bank, so nothing of it is recorded.
  if (error) return { kind: 'failed', last4: null, error };
  const last4 = digits.slice(-4);
  switch (digits) {
    case testCardNumbers.succeeds:
      return { kind: 'succeeded', last4 };
    case testCardNumbers.requiresAuthentication:
      return { kind: 'requires_action', last4 };
    case testCardNumbers.declined:
      return { kind: 'failed', last4, error: failures.declined };
    case testCardNumbers.insufficientFunds:
      return { kind: 'failed', last4, error: failures.insufficientFunds };
    default:
      return { kind: 'failed', last4, error: failures.notATestCard };
  }
}
