import { formatKina, type Toea } from './money';

/*
 * Discount codes (issue 30, decision 040): the terms of a code and the one pure rule that prices an order with it.
 * The server prices every quote and order with `priceWithCode` and refuses with `codeRefusal`; the web shows what
 * the server answered.
 */

export const discountKinds = ['percent', 'fixed', 'free-delivery'] as const;
export type DiscountKind = (typeof discountKinds)[number];
export const discountKindLabels: Record<DiscountKind, string> = {
  percent: 'Percentage off',
  fixed: 'Fixed amount off',
  'free-delivery': 'Free delivery',
};

/** How a code meets the member price (/settings): the better of the two per line, or the code off the member price. */
export const memberCodeRules = ['better', 'stack'] as const;
export type MemberCodeRule = (typeof memberCodeRules)[number];
export const defaultMemberCodeRule: MemberCodeRule = 'better';
export const memberCodeRuleLabels: Record<MemberCodeRule, string> = {
  better: 'The better of the member price and the code, never both',
  stack: 'The code taken off the member price',
};

export const MIN_CODE_LENGTH = 3;
export const MAX_CODE_LENGTH = 32;
/** Letters, digits and single hyphens between them; kept in upper case. */
export const discountCodePattern = /^[A-Z0-9]+(-[A-Z0-9]+)*$/;

/** The code as it is kept and matched: trimmed and upper case ("wantok10 " -> "WANTOK10"). */
export function normaliseCode(input: string): string {
  return input.trim().toUpperCase();
}

/** Port Moresby is UTC+10 all year (no daylight saving). */
const PORT_MORESBY_OFFSET = '+10:00';

/** "2026-12-05T08:00" in Port Moresby time -> the instant; null when it is not such a date and time. */
export function fromPortMoresbyTime(local: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return null;
  const date = new Date(`${local}:00${PORT_MORESBY_OFFSET}`);
  if (Number.isNaN(date.getTime())) return null;
  // "2026-02-30T08:00" parses to another day: refused rather than moved.
  return toPortMoresbyTime(date) === local ? date : null;
}

/** The instant as a Port Moresby date and time for a form's field: "2026-12-05T08:00". */
export function toPortMoresbyTime(date: Date): string {
  return new Date(date.getTime() + 10 * 60 * 60 * 1000).toISOString().slice(0, 16);
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "5 Dec 2026, 08:00" (Port Moresby time), for messages. */
export function formatPortMoresbyTime(date: Date): string {
  const [day, time] = toPortMoresbyTime(date).split('T') as [string, string];
  const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
  return `${dayOfMonth} ${monthNames[month - 1]} ${year}, ${time}`;
}

/** What a code gives and when, as the rule needs it. */
export interface DiscountTerms {
  code: string;
  kind: DiscountKind;
  /** percent: a whole percentage from 1 to 100; fixed: toea; free delivery: 0. */
  value: number;
  /** The least the eligible lines must come to without the code (toea); 0: no minimum. */
  minSpend: Toea;
  /** Valid from (inclusive) and until (exclusive); null: open. */
  startsAt: Date | null;
  endsAt: Date | null;
  /** Uses in all (null: no limit) and per shopper (by account or e-mail). */
  maxUses: number | null;
  maxUsesPerShopper: number | null;
  /** Limited to these categories (slugs) or products (ids); both empty: every product. */
  categories: readonly string[];
  productIds: readonly number[];
  /** Staff can pause a code without deleting it. */
  active: boolean;
}

/** One line of the order as the shopper would pay it without a code. */
export interface CodeLine {
  productId: number;
  category: string;
  quantity: number;
  /** The product's price before the member discount, for one unit. */
  regularUnitPrice: Toea;
  /** What the shopper pays for one unit without the code (the member price where it applies). */
  unitPrice: Toea;
  isMembership: boolean;
}

export interface CodePricingInput {
  lines: readonly CodeLine[];
  /** The delivery fee without the code, and whether the order is delivered at all (not pickup, not only a membership). */
  shipping: Toea;
  delivered: boolean;
  rule: MemberCodeRule;
}

export interface CodePricing {
  /** The discount off each line's total, in the order of the input's lines (0 for a line the code leaves). */
  lineDiscounts: Toea[];
  goodsDiscount: Toea;
  shippingDiscount: Toea;
  /** goodsDiscount + shippingDiscount. */
  discount: Toea;
  /** What the eligible lines come to without the code: the figure the minimum spend is measured on. */
  eligibleSubtotal: Toea;
  eligibleLines: number;
  /** Whether the order is delivered (for a free-delivery code's refusal). */
  delivered: boolean;
}

/** Whether the code can take anything off this line: never the membership itself; else within its limits, if any. */
export function isEligibleLine(terms: Pick<DiscountTerms, 'categories' | 'productIds'>, line: CodeLine): boolean {
  if (line.isMembership || !(line.quantity > 0)) return false;
  if (terms.categories.length === 0 && terms.productIds.length === 0) return true;
  return terms.categories.includes(line.category) || terms.productIds.includes(line.productId);
}

/**
 * `amount` spread over `weights` in proportion, in whole toea that add up to exactly `amount` (largest remainder;
 * ties to the earlier line).
 */
function spread(amount: Toea, weights: readonly number[]): Toea[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (!(total > 0) || !(amount > 0)) return weights.map(() => 0);
  const exact = weights.map((weight) => (amount * weight) / total);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((sum, share) => sum + share, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/**
 * The order priced with the code (decision 040). A percentage is taken per unit and rounded to the toea; a fixed
 * amount is spread over the eligible lines by their value. Under the `better` rule the code is worked out from the
 * regular price and a line costs the lower of that and what the shopper pays without it (the member price), never
 * both; under `stack` it is taken off what the shopper pays without it.
 */
export function priceWithCode(terms: DiscountTerms, input: CodePricingInput): CodePricing {
  const eligible = input.lines.map((line) => isEligibleLine(terms, line));
  const baselines = input.lines.map((line) => line.unitPrice * line.quantity);
  const bases = input.lines.map((line) =>
    input.rule === 'stack' ? line.unitPrice : Math.max(line.unitPrice, line.regularUnitPrice),
  );
  const eligibleSubtotal = baselines.reduce((sum, baseline, index) => sum + (eligible[index] ? baseline : 0), 0);
  const eligibleLines = eligible.filter(Boolean).length;

  let codeTotals: Toea[];
  if (terms.kind === 'percent') {
    const rate = Math.min(100, Math.max(0, terms.value)) / 100;
    codeTotals = input.lines.map((line, index) => Math.round((bases[index] ?? 0) * (1 - rate)) * line.quantity);
  } else if (terms.kind === 'fixed') {
    const baseTotals = input.lines.map((line, index) => (eligible[index] ? (bases[index] ?? 0) * line.quantity : 0));
    const available = baseTotals.reduce((sum, total) => sum + total, 0);
    const shares = spread(Math.min(Math.max(0, terms.value), available), baseTotals);
    codeTotals = baseTotals.map((total, index) => total - (shares[index] ?? 0));
  } else {
    codeTotals = baselines;
  }

  const lineDiscounts = input.lines.map((_, index) =>
    eligible[index] ? Math.max(0, (baselines[index] ?? 0) - (codeTotals[index] ?? 0)) : 0,
  );
  const goodsDiscount = lineDiscounts.reduce((sum, discount) => sum + discount, 0);
  const shippingDiscount =
    terms.kind === 'free-delivery' && input.delivered && eligibleLines > 0 ? Math.max(0, input.shipping) : 0;
  return {
    lineDiscounts,
    goodsDiscount,
    shippingDiscount,
    discount: goodsDiscount + shippingDiscount,
    eligibleSubtotal,
    eligibleLines,
    delivered: input.delivered,
  };
}

export const discountCodeMessages = {
  codeFormat: `A code has ${MIN_CODE_LENGTH} to ${MAX_CODE_LENGTH} letters, digits and single hyphens, e.g. "WANTOK10".`,
  unknown: (code: string) => `There is no discount code "${code}". Check the spelling.`,
  paused: (code: string) => `The code ${code} cannot be used at the moment.`,
  notStarted: (code: string, startsAt: Date) =>
    `The code ${code} can be used from ${formatPortMoresbyTime(startsAt)} (Port Moresby time).`,
  ended: (code: string, endsAt: Date) =>
    `The code ${code} ended on ${formatPortMoresbyTime(endsAt)} (Port Moresby time).`,
  usedUp: (code: string) => `The code ${code} has been used as many times as it can be.`,
  usedByYou: (code: string, times: number) =>
    `You have used the code ${code} ${times === 1 ? 'once' : `${times} times`}, as many times as it allows.`,
  nothingEligible: (code: string) => `The code ${code} does not apply to anything in your order.`,
  minSpend: (code: string, minSpend: Toea, spent: Toea, limited: boolean) =>
    `The code ${code} needs a spend of at least ${formatKina(minSpend)}${limited ? ' on the products it applies to' : ''}; that comes to ${formatKina(spent)} in your order.`,
  pickup: (code: string) => `The code ${code} gives free delivery, and this order is collected, not delivered.`,
  deliveryFree: (code: string) => `The code ${code} gives free delivery, and delivery is already free for this order.`,
  nothingOff: (code: string) =>
    `Your member prices are already lower than the code ${code} gives, so it takes nothing more off.`,
} as const;

export type CodeRefusalReason =
  | 'unknown'
  | 'paused'
  | 'not-started'
  | 'ended'
  | 'used-up'
  | 'used-by-you'
  | 'nothing-eligible'
  | 'min-spend'
  | 'pickup'
  | 'nothing-off';

export interface CodeRefusal {
  reason: CodeRefusalReason;
  message: string;
}

export interface CodeCheckInput {
  /** The code as the shopper typed it, for the message when there is no such code. */
  entered: string;
  now: Date;
  /** Uses held or counted, in all and by this shopper (account or e-mail). */
  usesTaken: number;
  usesByShopper: number;
  pricing: CodePricing;
}

/** Why the code does not apply to this order now, with the shopper's message; null when it applies. */
export function codeRefusal(terms: DiscountTerms | null, check: CodeCheckInput): CodeRefusal | null {
  if (!terms) return { reason: 'unknown', message: discountCodeMessages.unknown(normaliseCode(check.entered)) };
  const { code } = terms;
  const refuse = (reason: CodeRefusalReason, message: string): CodeRefusal => ({ reason, message });
  if (!terms.active) return refuse('paused', discountCodeMessages.paused(code));
  if (terms.startsAt && check.now < terms.startsAt) {
    return refuse('not-started', discountCodeMessages.notStarted(code, terms.startsAt));
  }
  if (terms.endsAt && check.now >= terms.endsAt) return refuse('ended', discountCodeMessages.ended(code, terms.endsAt));
  if (terms.maxUses !== null && check.usesTaken >= terms.maxUses) {
    return refuse('used-up', discountCodeMessages.usedUp(code));
  }
  if (terms.maxUsesPerShopper !== null && check.usesByShopper >= terms.maxUsesPerShopper) {
    return refuse('used-by-you', discountCodeMessages.usedByYou(code, check.usesByShopper));
  }
  const { pricing } = check;
  if (pricing.eligibleLines === 0) return refuse('nothing-eligible', discountCodeMessages.nothingEligible(code));
  if (pricing.eligibleSubtotal < terms.minSpend) {
    const limited = terms.categories.length > 0 || terms.productIds.length > 0;
    return refuse('min-spend', discountCodeMessages.minSpend(code, terms.minSpend, pricing.eligibleSubtotal, limited));
  }
  if (pricing.discount <= 0) {
    if (terms.kind !== 'free-delivery') return refuse('nothing-off', discountCodeMessages.nothingOff(code));
    return pricing.delivered
      ? refuse('nothing-off', discountCodeMessages.deliveryFree(code))
      : refuse('pickup', discountCodeMessages.pickup(code));
  }
  return null;
}

/** "10% off", "K20.00 off", "Free delivery": what a code gives, for lists and the quote's line. */
export function describeDiscount(terms: Pick<DiscountTerms, 'kind' | 'value'>): string {
  if (terms.kind === 'percent') return `${terms.value}% off`;
  if (terms.kind === 'fixed') return `${formatKina(terms.value)} off`;
  return 'Free delivery';
}
