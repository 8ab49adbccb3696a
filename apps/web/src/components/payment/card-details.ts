import { fullPhoneNumber } from '@bilum/shared/phone';

/** The simulator's card form, checked in the browser only so the button can wait for a complete card. */
export interface TypedCard {
  number: string;
  expiry: string;
  cvc: string;
}

/** What the shop's payment endpoints take: card details (simulator) or a Stripe PaymentMethod id. */
export type CardPaymentInput =
  | { card: { number: string; expMonth: number; expYear: number; cvc: string; name?: string } }
  | { paymentMethodId: string };

/** "4242424242424242" -> "4242 4242 4242 4242" while typing (digits only, at most 19). */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1228" or "12/28" -> "12/28" while typing. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function formatCvc(input: string): string {
  return input.replace(/\D/g, '').slice(0, 4);
}

/** Month and two-digit year of "MM/YY", or null when it is not a month. */
export function parseExpiry(expiry: string): { expMonth: number; expYear: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(expiry);
  if (!match) return null;
  const expMonth = Number(match[1]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: 2000 + Number(match[2]) };
}

/** All three fields filled in a plausible shape; whether the card is good is for the provider to say. */
export function isCardComplete(card: TypedCard): boolean {
  const digits = card.number.replace(/\D/g, '');
  return digits.length >= 13 && digits.length <= 19 && parseExpiry(card.expiry) !== null && /^\d{3,4}$/.test(card.cvc);
}

export function toCardPaymentInput(card: TypedCard, name?: string): CardPaymentInput {
  const expiry = parseExpiry(card.expiry) ?? { expMonth: 0, expYear: 0 };
  return { card: { number: card.number.replace(/\D/g, ''), ...expiry, cvc: card.cvc, ...(name ? { name } : {}) } };
}

/** Billing details for the provider's payment method (Stripe's `billing_details`); the country is always PG. */
export interface BillingDetails {
  name?: string;
  email?: string;
  phone?: string;
  address?: { line1?: string; city?: string; state?: string; postal_code?: string };
}

interface ContactForBilling {
  firstName: string;
  lastName: string;
  email: string;
  countryCode?: string;
  phone: string;
  address?: string;
  city?: string;
  state?: string;
  postcode?: string;
}

/** Leaves out blank values, so the provider is never sent an empty field. */
function withoutBlanks<T extends Record<string, string | undefined>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value?.trim())) as Partial<T>;
}

/** A checkout's contact details as billing details: name, e-mail, phone and address (empty for a pickup). */
export function billingFromContact(contact: ContactForBilling): BillingDetails {
  const address = withoutBlanks({
    line1: contact.address,
    city: contact.city,
    state: contact.state,
    postal_code: contact.postcode,
  });
  return {
    ...withoutBlanks({
      name: `${contact.firstName} ${contact.lastName}`.trim(),
      email: contact.email,
      phone: contact.phone.trim() ? fullPhoneNumber(contact.countryCode ?? '+675', contact.phone) : undefined,
    }),
    ...(Object.keys(address).length > 0 ? { address } : {}),
  };
}
