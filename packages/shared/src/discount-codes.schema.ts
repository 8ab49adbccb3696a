import { z } from 'zod';
import { parseKinaInput } from './admin-products';
import { categorySlugSchema } from './categories.schema';
import {
  discountCodeMessages,
  discountCodePattern,
  discountKinds,
  fromPortMoresbyTime,
  MAX_CODE_LENGTH,
  memberCodeRules,
  MIN_CODE_LENGTH,
  normaliseCode,
} from './discount-codes';
import { MAX_STORED_TOEA } from './money';

/** Issue 30 (decision 040): the staff's discount codes. */
export const MAX_CODE_CATEGORIES = 50;
export const MAX_CODE_PRODUCTS = 200;
/** More uses than any code of a shop this size will have; keeps the figures in an integer column. */
export const MAX_CODE_USES = 1_000_000;

export const discountCodeAdminMessages = {
  code: discountCodeMessages.codeFormat,
  kind: 'Choose what the code gives.',
  percent: 'A percentage is a whole number from 1 to 100.',
  fixed: 'Give the amount off in kina, e.g. 20 or 20.00 (more than K0.00).',
  minSpend: 'Give the minimum spend in kina, e.g. 100, or leave it empty for none.',
  date: 'Give a date and time, or leave it empty.',
  endBeforeStart: 'The end must come after the start.',
  uses: 'Give a whole number from 1 to 1,000,000, or leave it empty for no limit.',
  perShopperOverTotal: 'Uses per shopper cannot be more than the uses in all.',
  categories: `A code can be limited to at most ${MAX_CODE_CATEGORIES} categories.`,
  products: `A code can be limited to at most ${MAX_CODE_PRODUCTS} products.`,
  productId: 'Product ids are whole numbers, e.g. 12.',
  unknownCategory: (slug: string) => `There is no category "${slug}".`,
  unknownProduct: (id: number) => `There is no product with id ${id}.`,
  codeTaken: (code: string) => `There is already a code ${code}.`,
  codeFixed: (code: string) =>
    `The code ${code} has been used in orders, so its letters cannot change (the orders name it): pause it and add a new one instead.`,
  inUse: (code: string) =>
    `The code ${code} has been used in orders, so it cannot be deleted (the orders name it): pause it instead.`,
  notFound: 'No such discount code.',
  added: 'Discount code added.',
  saved: 'Discount code saved.',
  paused: (code: string) => `${code} paused.`,
  resumed: (code: string) => `${code} can be used again.`,
  deleted: 'Discount code deleted.',
  ruleSaved: 'Member price rule saved.',
} as const;

const m = discountCodeAdminMessages;

export const discountCodeSchema = z
  .string({ error: m.code })
  .transform(normaliseCode)
  .pipe(z.string().min(MIN_CODE_LENGTH, m.code).max(MAX_CODE_LENGTH, m.code).regex(discountCodePattern, m.code));

const usesField = z
  .number({ error: m.uses })
  .int(m.uses)
  .min(1, m.uses)
  .max(MAX_CODE_USES, m.uses)
  .nullable()
  .default(null);

/** An instant with its offset, as the form sends it (Port Moresby time, "+10:00"); answered in UTC. */
const instantField = z.iso
  .datetime({ offset: true, error: m.date })
  .nullable()
  .default(null)
  .describe('ISO 8601 with an offset; the admin enters Port Moresby time (UTC+10)');

/**
 * POST /api/admin/discount-codes and PUT /api/admin/discount-codes/{id}: the whole code, amounts in toea. A
 * percentage is 1 to 100; a fixed amount at least one toea; free delivery takes no value (0).
 */
export const discountCodeInputSchema = z
  .object({
    code: discountCodeSchema,
    kind: z.enum(discountKinds, { error: m.kind }),
    value: z
      .number({ error: m.fixed })
      .int(m.fixed)
      .min(0, m.fixed)
      .max(MAX_STORED_TOEA, m.fixed)
      .describe('percent: a whole percentage 1-100; fixed: toea; free-delivery: 0'),
    minSpend: z.number({ error: m.minSpend }).int().min(0, m.minSpend).max(MAX_STORED_TOEA).default(0).describe('toea'),
    startsAt: instantField,
    endsAt: instantField,
    maxUses: usesField,
    maxUsesPerShopper: usesField,
    categories: z.array(categorySlugSchema).max(MAX_CODE_CATEGORIES, m.categories).default([]),
    productIds: z
      .array(z.number({ error: m.productId }).int(m.productId).positive(m.productId).max(2_147_483_647))
      .max(MAX_CODE_PRODUCTS, m.products)
      .default([]),
    active: z.boolean().default(true),
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'percent' && !(input.value >= 1 && input.value <= 100)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: m.percent });
    }
    if (input.kind === 'fixed' && input.value < 1) ctx.addIssue({ code: 'custom', path: ['value'], message: m.fixed });
    if (input.startsAt && input.endsAt && Date.parse(input.endsAt) <= Date.parse(input.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: m.endBeforeStart });
    }
    if (input.maxUses !== null && input.maxUsesPerShopper !== null && input.maxUsesPerShopper > input.maxUses) {
      ctx.addIssue({ code: 'custom', path: ['maxUsesPerShopper'], message: m.perShopperOverTotal });
    }
  })
  .transform((input) => ({
    ...input,
    value: input.kind === 'free-delivery' ? 0 : input.value,
    categories: [...new Set(input.categories)],
    productIds: [...new Set(input.productIds)],
  }));
export type DiscountCodeInput = z.input<typeof discountCodeInputSchema>;
export type DiscountCodeValues = z.output<typeof discountCodeInputSchema>;

export const discountCodeIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'Discount code id must be a number.' }).int().positive().max(2_147_483_647),
});

/** A code as staff see it: its terms, and its uses (counted: paid orders; held: orders placed and not yet paid). */
export const adminDiscountCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(discountKinds),
  value: z.number().int(),
  minSpend: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerShopper: z.number().int().nullable(),
  categories: z.array(z.string()),
  productIds: z.array(z.number().int()),
  active: z.boolean(),
  usesCounted: z.number().int(),
  usesHeld: z.number().int(),
  createdAt: z.string(),
});
export type AdminDiscountCode = z.infer<typeof adminDiscountCodeSchema>;
export const adminDiscountCodesResponseSchema = z.object({ codes: z.array(adminDiscountCodeSchema) });
export type AdminDiscountCodesResponse = z.infer<typeof adminDiscountCodesResponseSchema>;
/** PATCH /api/admin/discount-codes/:id: pause or resume a code, and nothing else of it (no edit is overwritten). */
export const discountCodeActiveSchema = z.object({ active: z.boolean() });

export const adminDiscountCodeResponseSchema = z.object({ code: adminDiscountCodeSchema, message: z.string() });
export type AdminDiscountCodeResponse = z.infer<typeof adminDiscountCodeResponseSchema>;

/** GET and PUT /api/admin/settings/member-code-rule: how a code meets the member price (decision 040). */
export const memberCodeRuleSchema = z.object({
  rule: z.enum(memberCodeRules, { error: 'Choose how a code meets the member price.' }),
});
export type MemberCodeRuleSetting = z.infer<typeof memberCodeRuleSchema>;

/** A form's optional date and time (Port Moresby), empty for none, as the API's instant with "+10:00". */
const localTimeField = z
  .string()
  .trim()
  .refine((value) => value === '' || fromPortMoresbyTime(value) !== null, { message: m.date })
  .transform((value) => (value === '' ? null : `${value}:00+10:00`));

/** A form's optional whole number, empty for none. */
const optionalCount = z
  .string()
  .trim()
  .refine((value) => value === '' || (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_CODE_USES), {
    message: m.uses,
  })
  .transform((value) => (value === '' ? null : Number(value)));

/**
 * The staff's code form: what was typed (kina, Port Moresby times, product ids separated by commas), turned into
 * exactly the API's body.
 */
export const discountCodeFormSchema = z
  .object({
    code: z.string(),
    kind: z.enum(discountKinds, { error: m.kind }),
    /** The percentage or the kina amount, by kind; ignored for free delivery. */
    value: z.string().trim(),
    minSpend: z
      .string()
      .trim()
      .refine((value) => value === '' || parseKinaInput(value) !== null, { message: m.minSpend })
      .transform((value) => (value === '' ? 0 : (parseKinaInput(value) as number))),
    startsAt: localTimeField,
    endsAt: localTimeField,
    maxUses: optionalCount,
    maxUsesPerShopper: optionalCount,
    categories: z.array(z.string()),
    productIds: z
      .string()
      .trim()
      .refine((value) => value === '' || /^\d+(\s*,\s*\d+)*$/.test(value), { message: m.productId })
      .transform((value) => (value === '' ? [] : value.split(',').map((id) => Number(id.trim())))),
    active: z.boolean(),
  })
  .transform((form, ctx): DiscountCodeInput => {
    let value = 0;
    if (form.kind === 'percent') {
      value = /^\d+$/.test(form.value) ? Number(form.value) : Number.NaN;
      if (!(value >= 1 && value <= 100)) ctx.addIssue({ code: 'custom', path: ['value'], message: m.percent });
    } else if (form.kind === 'fixed') {
      value = parseKinaInput(form.value) ?? 0;
      if (!(value >= 1)) ctx.addIssue({ code: 'custom', path: ['value'], message: m.fixed });
    }
    return { ...form, value };
  })
  .pipe(discountCodeInputSchema);
export type DiscountCodeFormValues = z.input<typeof discountCodeFormSchema>;

/**
 * The code a shopper types at either checkout (issue 30): trimmed and upper case, matched whatever case was typed;
 * an empty field is no code. Any letters are taken (a code that does not exist is answered as such, in words).
 */
export const enteredCodeSchema = z
  .string()
  .max(64, discountCodeMessages.codeFormat)
  .transform((value) => normaliseCode(value))
  .transform((value) => (value === '' ? undefined : value));

/** The code on a checkout's quote: applied (its discount is in the summary) or refused, with the shopper's reason. */
export const quotedCodeSchema = z.object({
  code: z.string(),
  /** "10% off", "K20.00 off", "Free delivery"; null for a code that does not exist. */
  description: z.string().nullable(),
  /** Why it does not apply to this order; null when it does. */
  refusal: z.string().nullable(),
});
export type QuotedCode = z.infer<typeof quotedCodeSchema>;

/** The checkout's "Discount code" field (issue 30): what was typed, checked by the server when applied. */
export const discountCodeEntryFormSchema = z.object({
  code: z.string().trim().min(1, 'Enter a discount code.').max(64, discountCodeMessages.codeFormat),
});
