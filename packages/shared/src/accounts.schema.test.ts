import { describe, expect, it } from 'vitest';
import {
  loginSchema,
  newPasswordPairSchema,
  passwordProblem,
  registerSchema,
  resetWithCodeSchema,
  resetWithTokenSchema,
} from './accounts.schema';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

const validRegistration = {
  fullName: 'Kila Wari',
  email: 'Kila@Example.PG ',
  countryCode: '+675',
  phone: '7123 4567',
  password: 'bilum-bag-2025',
};

describe('registerSchema', () => {
  it('accepts a PNG mobile number and lower-cases the email', () => {
    const parsed = registerSchema.parse(validRegistration);
    expect(parsed.email).toBe('kila@example.pg');
  });

  it('applies the PNG phone rule together with the other field checks', () => {
    const result = registerSchema.safeParse({ ...validRegistration, fullName: '', phone: '51234567' });
    expect(messages(result)).toEqual({
      fullName: 'Please enter your full name.',
      phone: 'PNG numbers must start with 7, 3, 2, or 8.',
    });
  });

  it('needs passwords of at least 8 characters', () => {
    const result = registerSchema.safeParse({ ...validRegistration, password: 'short' });
    expect(messages(result).password).toBe('Password must be at least 8 characters long.');
  });

  it('allows long passwords up to 128 characters', () => {
    expect(registerSchema.safeParse({ ...validRegistration, password: 'x'.repeat(128) }).success).toBe(true);
    expect(registerSchema.safeParse({ ...validRegistration, password: 'x'.repeat(129) }).success).toBe(false);
  });

  it('refuses a country code the shop does not offer', () => {
    expect(registerSchema.safeParse({ ...validRegistration, countryCode: '+49' }).success).toBe(false);
  });
});

describe('loginSchema and resetWithCodeSchema', () => {
  it('requires both email and password to sign in', () => {
    expect(messages(loginSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'Please enter your email address.',
      password: 'Please enter your password.',
    });
  });

  it('accepts only a 6-digit code', () => {
    const base = { email: 'a@b.pg', password: 'new-password' };
    expect(resetWithCodeSchema.safeParse({ ...base, code: '123456' }).success).toBe(true);
    expect(resetWithCodeSchema.safeParse({ ...base, code: '12345' }).success).toBe(false);
    expect(resetWithCodeSchema.safeParse({ ...base, code: '12345a' }).success).toBe(false);
  });
});

describe('newPasswordPairSchema', () => {
  it('says "Passwords do not match." when the two differ', () => {
    const result = newPasswordPairSchema.safeParse({ password: 'longenough1', confirmPassword: 'longenough2' });
    expect(messages(result)).toEqual({ confirmPassword: 'Passwords do not match.' });
  });

  it('says "Please enter a new password." when it is empty', () => {
    const result = newPasswordPairSchema.safeParse({ password: '', confirmPassword: '' });
    expect(messages(result).password).toBe('Please enter a new password.');
  });
});

describe('registerSchema with several problems at once', () => {
  it('still reports the phone rule when the password is empty', () => {
    const result = registerSchema.safeParse({ ...validRegistration, password: '', phone: '51234567' });
    expect(messages(result).phone).toBe('PNG numbers must start with 7, 3, 2, or 8.');
  });
});

describe('the one password policy (issue 16, finding 11)', () => {
  const passwordMessage = (schema: { safeParse(value: unknown): unknown }, value: Record<string, unknown>) =>
    messages(schema.safeParse(value) as Parameters<typeof messages>[0]).password;
  const everywhere = [
    ['registration', registerSchema, { ...validRegistration }],
    ['reset with a code', resetWithCodeSchema, { email: 'kila@example.pg', code: '123456' }],
    ['reset with a link', resetWithTokenSchema, { token: 'a-token' }],
    ['the new-password pair', newPasswordPairSchema, { confirmPassword: 'x' }],
  ] as const;

  it.each(everywhere)('%s refuses a password of only spaces', (_name, schema, rest) => {
    expect(passwordMessage(schema, { ...rest, password: '        ' })).toBe(
      'Password must have at least one character that is not a space.',
    );
    expect(passwordMessage(schema, { ...rest, password: ' \t  \n   ' })).toBe(
      'Password must have at least one character that is not a space.',
    );
  });

  it.each(everywhere)('%s refuses the most common passwords, in any letter case', (_name, schema, rest) => {
    for (const common of ['password', 'Password1', '12345678', 'QWERTYUIOP', 'iloveyou']) {
      expect(passwordMessage(schema, { ...rest, password: common })).toBe(
        'This password is too common. Choose a less common password.',
      );
    }
    expect(passwordMessage(schema, { ...rest, password: 'bilum-bag-2025' })).toBeUndefined();
  });

  it('gives one message per password, the first problem found', () => {
    expect(passwordProblem('  ')).toBe('Password must be at least 8 characters long.');
    expect(passwordProblem('        ')).toBe('Password must have at least one character that is not a space.');
    expect(passwordProblem('password')).toBe('This password is too common. Choose a less common password.');
    expect(passwordProblem('  a bilum for market day  ')).toBeNull();
  });
});
