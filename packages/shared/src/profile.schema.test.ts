import { describe, expect, it } from 'vitest';
import { updateProfileSchema } from './profile.schema';

const valid = {
  firstName: 'Kila',
  lastName: 'Rahu',
  email: 'Kila@Example.PG',
  countryCode: '+675' as const,
  phone: '71234567',
  address: '',
  city: '',
  state: '',
  postcode: '',
};

describe('updateProfileSchema', () => {
  it('accepts a profile without a password and lower-cases the e-mail', () => {
    const parsed = updateProfileSchema.parse(valid);
    expect(parsed.email).toBe('kila@example.pg');
    expect(parsed.password).toBeUndefined();
  });

  it('treats an empty password as "keep the current one"', () => {
    expect(updateProfileSchema.parse({ ...valid, password: '' }).password).toBe('');
  });

  it('refuses a new password shorter than 8 characters', () => {
    const result = updateProfileSchema.safeParse({ ...valid, password: 'short' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Password must be at least 8 characters long.');
  });

  it('applies the one PNG phone rule', () => {
    const result = updateProfileSchema.safeParse({ ...valid, phone: '7123456' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['phone'],
        message: 'PNG numbers starting with 7 or 8 must have exactly 8 digits.',
      }),
    ]);
    expect(updateProfileSchema.safeParse({ ...valid, phone: '3214567' }).success).toBe(true);
  });
});
