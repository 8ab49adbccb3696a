import { z } from 'zod';
import { emailField } from './accounts.schema';
import { provinceFromText } from './delivery';
import { phoneCountryCodes, phoneMessages, phoneProblem } from './phone';
import { contactMessages } from './contact-messages';

// The form's words and the plain rule, for the imports from here.
export * from './contact-messages';

/**
 * The one contact-details form of the shop (decisions.md "Delivery or pickup"), used by all four contact forms:
 * /contact-details, the /checkout edit modal, /guestcheckout step 1 and its edit modal, and by the server for
 * `PUT /api/contact-details` and `POST /api/orders`.
 *
 * - first name, last name, e-mail and phone always (the one PNG phone rule of phone.ts);
 * - for an order with physical items, either pickup (a pickup point chosen from the shop's list required; the
 *   address fields are ignored and come out empty) or delivery (street address, city, province: one of the 22
 *   of delivery.ts, and postcode required; the pickup point comes out empty, as unticking pickup clears it);
 * - notes optional;
 * - an order that holds only a membership needs neither address nor pickup.
 */

const text = (max: number) => z.string().trim().max(max, `Please use at most ${max} characters.`);
const required = (message: string, max = 100) => z.string().trim().min(1, message).max(max);

/** The fields, each checked on its own; the delivery-or-pickup rule is applied on top (see below). */
export const contactDetailsFields = {
  firstName: required(contactMessages.firstName),
  lastName: required(contactMessages.lastName),
  email: emailField,
  countryCode: z.enum(phoneCountryCodes, { error: phoneMessages.countryCode }).default('+675'),
  /** The number without its country code as typed (digits; spaces, dashes and a typed +675 are allowed). */
  phone: z.string().trim().min(1, phoneMessages.required).max(20, phoneMessages.otherLength),
  pickup: z.boolean().default(false),
  /** The point's name and address as the server last wrote them (a snapshot); the choice is `pickupPointId`. */
  pickupLocation: text(200).default(''),
  /** The chosen pickup point (GET /api/delivery/options); null for delivery. */
  pickupPointId: z.number().int().positive().max(2_147_483_647).nullable().default(null),
  address: text(200).default(''),
  city: text(100).default(''),
  /** The province (one of `pngProvinces`; "NCD" and other short forms are read as the province they name). */
  state: text(100).default(''),
  postcode: text(20).default(''),
  notes: text(1000).default(''),
};

const contactDetailsObject = z.object(contactDetailsFields);
export type ContactDetailsInput = z.input<typeof contactDetailsObject>;
/** Contact details after the rule: trimmed, and the fields the choice makes irrelevant emptied. */
export type ContactDetails = z.output<typeof contactDetailsObject>;

type Fields = Partial<Record<keyof ContactDetails, unknown>>;

/** Adds the phone rule and, for physical items, the delivery-or-pickup rule's issues. */
export function checkContactDetails(value: Fields, ctx: z.RefinementCtx, hasPhysicalItems: boolean) {
  if (typeof value.phone === 'string' && value.phone.trim() !== '' && typeof value.countryCode === 'string') {
    const problem = phoneProblem(value.countryCode, value.phone);
    if (problem && problem !== phoneMessages.countryCode) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: problem });
    }
  }
  if (!hasPhysicalItems) return;
  const blank = (field: keyof ContactDetails) => typeof value[field] !== 'string' || value[field].trim() === '';
  if (value.pickup === true) {
    if (typeof value.pickupPointId !== 'number') {
      ctx.addIssue({ code: 'custom', path: ['pickupPointId'], message: contactMessages.pickupPointId });
    }
    return;
  }
  for (const field of ['address', 'city', 'state', 'postcode'] as const) {
    if (blank(field)) ctx.addIssue({ code: 'custom', path: [field], message: contactMessages[field] });
  }
  if (!blank('state') && !provinceFromText(String(value.state))) {
    ctx.addIssue({ code: 'custom', path: ['state'], message: contactMessages.state });
  }
  if (!blank('postcode') && !isPngPostcode(String(value.postcode))) {
    ctx.addIssue({ code: 'custom', path: ['postcode'], message: contactMessages.postcodeFormat });
  }
}

/** A PNG postcode: three digits (e.g. 111 for Port Moresby, 411 for Lae). */
export function isPngPostcode(value: string): boolean {
  return /^\d{3}$/.test(value.trim());
}

/** Empties what the shopper's choice makes irrelevant, so a stored order never holds both. */
export function normaliseContactDetails(value: ContactDetails): ContactDetails {
  if (value.pickup) return { ...value, address: '', city: '', state: '', postcode: '' };
  return { ...value, pickupLocation: '', pickupPointId: null };
}

/**
 * The contact-details schema for an order: `hasPhysicalItems` false for an order that holds only the
 * membership. Used by every contact form (with zodResolver) and by the server when it places the order.
 */
export function contactDetailsSchema({ hasPhysicalItems }: { hasPhysicalItems: boolean }) {
  return contactDetailsObject
    .superRefine((value, ctx) => checkContactDetails(value, ctx, hasPhysicalItems))
    .transform((value) => (hasPhysicalItems ? normaliseContactDetails(value) : value));
}
