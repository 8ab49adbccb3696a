import { describe, expect, it } from 'vitest';
import {
  formatPhoneNumber,
  fullPhoneNumber,
  localPhoneNumber,
  phoneMessages,
  phoneProblem,
  splitPhoneNumber,
  typedPhoneNumber,
} from './phone';

describe('phoneProblem for PNG (+675)', () => {
  it('accepts 8-digit mobiles starting with 7 or 8 and 7-digit landlines starting with 3 or 2', () => {
    expect(phoneProblem('+675', '71234567')).toBeNull();
    expect(phoneProblem('+675', '81234567')).toBeNull();
    expect(phoneProblem('+675', '3214567')).toBeNull();
    expect(phoneProblem('+675', '2123456')).toBeNull();
  });

  it('refuses numbers that start with any other digit', () => {
    for (const number of ['01234567', '11234567', '41234567', '5123456', '6123456', '91234567']) {
      expect(phoneProblem('+675', number)).toBe('PNG numbers must start with 7, 3, 2, or 8.');
    }
  });

  it('needs exactly 8 digits after a 7 or an 8', () => {
    expect(phoneProblem('+675', '7123456')).toBe(phoneMessages.pngMobileLength);
    expect(phoneProblem('+675', '812345678')).toBe(phoneMessages.pngMobileLength);
  });

  it('needs exactly 7 digits after a 3 or a 2', () => {
    expect(phoneProblem('+675', '321456')).toBe(phoneMessages.pngLandlineLength);
    expect(phoneProblem('+675', '32145678')).toBe(phoneMessages.pngLandlineLength);
  });

  it('keeps only digits, so spaces and dashes do not matter', () => {
    expect(phoneProblem('+675', '7123 4567')).toBeNull();
    expect(phoneProblem('+675', '321-4567')).toBeNull();
  });

  it('accepts an optional +675 prefix typed into the number', () => {
    expect(phoneProblem('+675', '+675 7123 4567')).toBeNull();
    expect(phoneProblem('+675', '67571234567')).toBeNull();
    expect(localPhoneNumber('+675', '+675 321 4567')).toBe('3214567');
  });

  it('asks for a number when there are no digits', () => {
    expect(phoneProblem('+675', '')).toBe(phoneMessages.required);
    expect(phoneProblem('+675', ' - ')).toBe(phoneMessages.required);
  });
});

describe('phoneProblem for other country codes', () => {
  it('accepts 6 to 12 digits and refuses shorter or longer numbers', () => {
    expect(phoneProblem('+61', '412345')).toBeNull();
    expect(phoneProblem('+1', '202555012345')).toBeNull();
    expect(phoneProblem('+44', '12345')).toBe(phoneMessages.otherLength);
    expect(phoneProblem('+679', '1234567890123')).toBe(phoneMessages.otherLength);
  });

  it('refuses a country code the shop does not offer', () => {
    expect(phoneProblem('+49', '1234567')).toBe(phoneMessages.countryCode);
  });
});

describe('typedPhoneNumber', () => {
  it('lets at most 8 digits be typed for +675 and 12 for other codes', () => {
    expect(typedPhoneNumber('+675', '7123456789')).toBe('71234567');
    expect(typedPhoneNumber('+675', '+675 7123 4567')).toBe('71234567');
    expect(typedPhoneNumber('+61', '4123456789012345')).toBe('412345678901');
    expect(typedPhoneNumber('+675', '7a1b2')).toBe('712');
  });
});

describe('stored phone numbers', () => {
  it('are the country code plus the digits, and split back the same way', () => {
    expect(fullPhoneNumber('+675', '7123 4567')).toBe('+67571234567');
    expect(fullPhoneNumber('+675', '+675 321 4567')).toBe('+6753214567');
    expect(splitPhoneNumber('+67571234567')).toEqual({ countryCode: '+675', number: '71234567' });
    expect(splitPhoneNumber('+6791234567')).toEqual({ countryCode: '+679', number: '1234567' });
    expect(splitPhoneNumber('+61412345678')).toEqual({ countryCode: '+61', number: '412345678' });
  });

  it('are shown grouped for PNG mobiles and landlines', () => {
    expect(formatPhoneNumber('+67571234567')).toBe('+675 7123 4567');
    expect(formatPhoneNumber('+6753214567')).toBe('+675 321 4567');
    expect(formatPhoneNumber('+61412345678')).toBe('+61 412345678');
  });
});
