import { describe, expect, it } from 'vitest';
import { isActiveMemberStatus, memberCounters, memberStatusTone, searchMembers } from './admin-members';

const users = [
  { fullName: 'Mary Kila', email: 'mary@example.pg', phone: '+67571234567', status: 'completed' },
  { fullName: 'John Aua', email: 'john@example.pg', phone: '+6753214567', status: 'pending' },
  { fullName: 'Rose Pato', email: 'ROSE@example.pg', phone: null, status: null },
  { fullName: 'Ken Tau', email: 'ken@example.pg', phone: '+61412345678', status: 'failed' },
  { fullName: 'Lyn Wari', email: 'lyn@example.pg', phone: null, status: 'succeeded' },
];

describe('the membership overview', () => {
  it('counts completed and succeeded as active, pending as pending, the rest as non-members', () => {
    expect(isActiveMemberStatus('succeeded')).toBe(true);
    expect(memberCounters(users)).toEqual({ totalUsers: 5, activeMembers: 2, pendingMembers: 1, nonMembers: 2 });
  });

  it('colours status badges: active green, pending yellow, failed red, none grey', () => {
    expect(memberStatusTone('completed')).toBe('green');
    expect(memberStatusTone('succeeded')).toBe('green');
    expect(memberStatusTone('pending')).toBe('yellow');
    expect(memberStatusTone('failed')).toBe('red');
    expect(memberStatusTone(null)).toBe('grey');
    expect(memberStatusTone('expired')).toBe('grey');
    expect(memberStatusTone('refunded')).toBe('grey');
  });

  it('searches name, e-mail and phone without regard to case', () => {
    const names = (term: string) => searchMembers(users, term).map((user) => user.fullName);
    expect(names('mary')).toEqual(['Mary Kila']);
    expect(names('rose@')).toEqual(['Rose Pato']);
    expect(names('7123 4567')).toEqual(['Mary Kila']);
    expect(names('+675 321')).toEqual(['John Aua']);
    expect(names('412345')).toEqual(['Ken Tau']);
    expect(names('')).toHaveLength(5);
    expect(names('zzz')).toEqual([]);
  });
});
