/**
 * The one phone-number rule of the shop (decisions.md): registration, contact details, both checkouts and the
 * profile all use it. Numbers are kept as digits; the stored form is the country code plus the number,
 * e.g. "+67571234567".
 */
export const phoneCountryCodes = ['+675', '+1', '+61', '+64', '+44', '+62', '+63', '+65', '+679'] as const;
export type PhoneCountryCode = (typeof phoneCountryCodes)[number];
export const defaultPhoneCountryCode: PhoneCountryCode = '+675';

export const phoneMessages = {
  required: 'Please enter your phone number.',
  countryCode: 'Please choose a country code.',
  pngStart: 'PNG numbers must start with 7, 3, 2, or 8.',
  pngMobileLength: 'PNG numbers starting with 7 or 8 must have exactly 8 digits.',
  pngLandlineLength: 'PNG numbers starting with 3 or 2 must have exactly 7 digits.',
  otherLength: 'Phone numbers must have 6 to 12 digits.',
} as const;

const PNG = '+675';
/** Spec: for +675 the input is at most 8 characters; other countries' numbers are at most 12 digits. */
const maxLocalDigits = { png: 8, other: 12 } as const;

export function isPhoneCountryCode(value: unknown): value is PhoneCountryCode {
  return typeof value === 'string' && (phoneCountryCodes as readonly string[]).includes(value);
}

/** Keeps only the digits. */
export function phoneDigits(input: string): string {
  return input.replace(/\D/g, '');
}

/** The longest number a shopper may type for a country code. */
export function maxPhoneDigits(countryCode: string): number {
  return countryCode === PNG ? maxLocalDigits.png : maxLocalDigits.other;
}

/** The number without its country code: digits only, with an optional leading +675 dropped for PNG. */
export function localPhoneNumber(countryCode: string, input: string): string {
  const digits = phoneDigits(input);
  if (countryCode !== PNG) return digits;
  const typedPrefix = input.trim().startsWith('+675');
  // No PNG number starts with 6, so "675" in front of more than 8 digits can only be the country code.
  const pastedPrefix = digits.length > maxLocalDigits.png && digits.startsWith('675');
  return typedPrefix || pastedPrefix ? digits.slice(3) : digits;
}

/** What a phone input shows while typing: digits only, cut to the longest number allowed. */
export function typedPhoneNumber(countryCode: string, input: string): string {
  return localPhoneNumber(countryCode, input).slice(0, maxPhoneDigits(countryCode));
}

/** The problem with a phone number, or null when it is acceptable. */
export function phoneProblem(countryCode: string, input: string): string | null {
  if (!isPhoneCountryCode(countryCode)) return phoneMessages.countryCode;
  const number = localPhoneNumber(countryCode, input);
  if (number === '') return phoneMessages.required;
  if (countryCode !== PNG) {
    return number.length >= 6 && number.length <= maxLocalDigits.other ? null : phoneMessages.otherLength;
  }
  const first = number.charAt(0);
  if (first === '7' || first === '8') return number.length === 8 ? null : phoneMessages.pngMobileLength;
  if (first === '3' || first === '2') return number.length === 7 ? null : phoneMessages.pngLandlineLength;
  return phoneMessages.pngStart;
}

/** The stored form: country code plus number, e.g. "+67571234567". Call only for an acceptable number. */
export function fullPhoneNumber(countryCode: string, input: string): string {
  return `${countryCode}${localPhoneNumber(countryCode, input)}`;
}

/** Splits a stored number back into its country code and local digits (longest matching code first). */
export function splitPhoneNumber(full: string): { countryCode: PhoneCountryCode; number: string } {
  const digits = `+${phoneDigits(full)}`;
  const byLength = [...phoneCountryCodes].sort((a, b) => b.length - a.length);
  const countryCode = byLength.find((code) => digits.startsWith(code));
  if (!countryCode) return { countryCode: defaultPhoneCountryCode, number: phoneDigits(full) };
  return { countryCode, number: digits.slice(countryCode.length) };
}

/** "+67571234567" -> "+675 7123 4567"; "+6753214567" -> "+675 321 4567"; others "+61 412345678". */
export function formatPhoneNumber(full: string): string {
  const { countryCode, number } = splitPhoneNumber(full);
  if (countryCode === PNG && number.length === 8) return `${PNG} ${number.slice(0, 4)} ${number.slice(4)}`;
  if (countryCode === PNG && number.length === 7) return `${PNG} ${number.slice(0, 3)} ${number.slice(3)}`;
  return `${countryCode} ${number}`;
}
