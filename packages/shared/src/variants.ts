// Product variants (issue 30, decision 042): the pure rules of options and their combinations, shared by the
// admin's forms, the storefront's chooser and the API. No zod here: the product page's bundle imports it.

/** At most this many options a product (Storage, Colour, Size), values an option, and variants a product. */
export const MAX_PRODUCT_OPTIONS = 3;
export const MAX_OPTION_VALUES = 20;
export const MAX_PRODUCT_VARIANTS = 100;
export const MAX_OPTION_NAME_LENGTH = 40;
export const MAX_OPTION_VALUE_LENGTH = 40;

/** An option as the product shows it: its name and its values in the owner's order. */
export interface ProductOption {
  name: string;
  values: string[];
}

/**
 * A variant as the product page offers it (issue 30): its values (one per option, in the options' order), its
 * SKU, prices (toea), units on hand, whether they are all held by unpaid checkouts ("Reserved") and its own picture.
 */
export interface ProductVariantChoice {
  id: number;
  values: string[];
  sku: string;
  price: number;
  originalPrice: number | null;
  stock: number;
  reserved: boolean;
  image: string | null;
}

/** A variant's choice: one value for each of the product's options, in the options' order. */
export type VariantValues = readonly string[];

/** What the chooser needs of a variant. */
export interface ChoosableVariant {
  id: number;
  values: VariantValues;
  /** Can be bought now (on sale, units on hand). */
  available: boolean;
}

/**
 * A variant's name for carts, orders and documents: its values joined ("256 GB / Black"); empty for the implicit
 * variant of a product without options.
 */
export function variantLabel(values: VariantValues): string {
  return values.join(' / ');
}

/** A product line's name with its variant: "Galaxy A55 – 256 GB / Black", or the name alone. */
export function nameWithVariant(name: string, label: string): string {
  return label === '' ? name : `${name} – ${label}`;
}

/**
 * Every combination of the options' values, the first option's values varying slowest (the order the admin's grid
 * lists them): 2 storage sizes × 2 colours give 4. No options give the one empty combination (the implicit variant).
 */
export function optionCombinations(options: readonly ProductOption[]): string[][] {
  return options.reduce<string[][]>(
    (combinations, option) => combinations.flatMap((prefix) => option.values.map((value) => [...prefix, value])),
    [[]],
  );
}

/** A key that is the same for the same values (case and spaces as typed are kept: "Black" is not "black"). */
export function valuesKey(values: VariantValues): string {
  return JSON.stringify(values);
}

/** The variant with exactly these values, if any. */
export function variantWithValues<T extends { values: VariantValues }>(
  variants: readonly T[],
  values: VariantValues,
): T | undefined {
  const key = valuesKey(values);
  return variants.find((variant) => valuesKey(variant.values) === key);
}

/**
 * The choice a product page starts with: the variant the address names (`?variant=`) when the product has it,
 * else the first one that can be bought, else the first. Undefined only for a product without variants.
 */
export function initialVariant<T extends ChoosableVariant>(
  variants: readonly T[],
  wanted: number | null,
): T | undefined {
  return (
    (wanted === null ? undefined : variants.find((variant) => variant.id === wanted)) ??
    variants.find((variant) => variant.available) ??
    variants[0]
  );
}

/** How a value's button looks while `chosen` is the choice: what choosing it would give. */
export type ValueState = 'chosen' | 'available' | 'sold-out' | 'none';

/**
 * The state of each option's values while `chosen` holds: choosing value v of option i keeps the other options'
 * chosen values; "available" when that variant can be bought, "sold-out" when it exists but cannot, "none" when
 * the owner left that combination out. So a shopper sees at once which colours the chosen storage comes in.
 */
export function valueStates(
  options: readonly ProductOption[],
  variants: readonly ChoosableVariant[],
  chosen: VariantValues,
): ValueState[][] {
  return options.map((option, index) =>
    option.values.map((value) => {
      if (chosen[index] === value) return 'chosen';
      const values = chosen.map((each, at) => (at === index ? value : each));
      const variant = variantWithValues(variants, values);
      if (!variant) return 'none';
      return variant.available ? 'available' : 'sold-out';
    }),
  );
}

/**
 * The choice after the shopper picks `value` of option `index`: that variant when the owner has it; otherwise the
 * first variant with that value (an available one first), so a pick never leads to a combination that is not sold.
 */
export function chooseValue<T extends ChoosableVariant>(
  variants: readonly T[],
  chosen: VariantValues,
  index: number,
  value: string,
): T | undefined {
  const exact = variantWithValues(
    variants,
    chosen.map((each, at) => (at === index ? value : each)),
  );
  if (exact) return exact;
  const withValue = variants.filter((variant) => variant.values[index] === value);
  return withValue.find((variant) => variant.available) ?? withValue[0];
}

/** The lowest and highest of the variants' prices (toea), or null for none. */
export function priceRange(prices: readonly number[]): { from: number; to: number } | null {
  if (prices.length === 0) return null;
  return { from: Math.min(...prices), to: Math.max(...prices) };
}

/** A card's price: "from K…" when the variants' prices differ (the caller formats the kina). */
export function pricePrefix(range: { from: number; to: number } | null): 'from ' | '' {
  return range && range.from !== range.to ? 'from ' : '';
}

/** `?variant=` of a product page's address: a positive whole number, else null. */
export function variantFromParam(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** The admin's messages for options and variants. */
export const variantMessages = {
  tooManyOptions: `A product has at most ${MAX_PRODUCT_OPTIONS} options (e.g. Storage, Colour, Size).`,
  optionName: `Give the option a name of at most ${MAX_OPTION_NAME_LENGTH} characters, e.g. Storage.`,
  optionNameTwice: (name: string) => `The option "${name}" is given twice.`,
  noValues: (name: string) => `Give "${name}" at least one value, e.g. 128 GB.`,
  tooManyValues: `An option has at most ${MAX_OPTION_VALUES} values.`,
  value: `A value has 1 to ${MAX_OPTION_VALUE_LENGTH} characters, e.g. 256 GB or Black.`,
  valueTwice: (name: string, value: string) => `"${value}" is given twice for "${name}".`,
  noVariants: 'Keep at least one combination on sale.',
  tooManyVariants: `A product has at most ${MAX_PRODUCT_VARIANTS} variants.`,
  valuesOfOptions: 'Each variant takes one value of each option, in the options’ order.',
  unknownValue: (name: string, value: string) => `"${value}" is not a value of "${name}".`,
  combinationTwice: (label: string) => `The combination ${label} is given twice.`,
  skuTwice: (sku: string) => `The SKU ${sku} is given to two variants.`,
  skuTaken: (sku: string) => `The SKU ${sku} is already used by another product or variant.`,
  variantGone: 'This variant was removed by someone else; reload to see the product as it is.',
  membershipNoOptions: 'The Premium membership product cannot have options; it is sold as one product.',
  optionWithoutValues: 'Add at least one value to each option, or remove the option.',
  saved: 'Options and variants saved.',
  notSaved: 'The product’s other changes were saved, but its options and variants were not.',
  checkRows: 'Check the options and variants: the fields marked in red need a change.',
  stockPerVariant: 'This product’s stock is kept per variant: change it under Options and variants.',
  /** The add form saved the product but not its variants: the owner is taken to it to try again. */
  addedWithoutVariants:
    'The product was added, but its options and variants were not saved. Check them and save again.',
} as const;
