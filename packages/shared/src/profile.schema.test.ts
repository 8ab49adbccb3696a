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

  it('holds a new password to the one policy: no blank or common password (issue 16, finding 11)', () => {
    const withCurrent = { ...valid, currentPassword: 'the-old-one' };
    const issue = (password: string) =>
      updateProfileSchema.safeParse({ ...withCurrent, password }).error?.issues.map((i) => i.message);
    expect(issue('        ')).toEqual(['Password must have at least one character that is not a space.']);
    expect(issue('Password123')).toEqual(['This password is too common. Choose a less common password.']);
    expect(issue('a-bilum-for-market-day')).toBeUndefined();
  });

  it('asks for the current password with a new password (issue 16, finding 3)', () => {
    const result = updateProfileSchema.safeParse({ ...valid, password: 'a-bilum-for-market-day' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['currentPassword'],
        message: 'Please enter your current password to change your e-mail address or password.',
      }),
    ]);
  });
});
