import { describe, expect, it } from 'vitest';
import { isReserved, unavailableLabel } from './catalog';
import { isSerialId, MAX_SERIAL_ID, parseSerialId } from './ids';
import { fitsMoneyColumn, MAX_STORED_TOEA } from './money';

describe('serial ids, money columns and the Reserved label (issue 16)', () => {
  it('reads only plain digits of an id a 32-bit identity can have', () => {
    expect(parseSerialId('42')).toBe(42);
    expect(parseSerialId(String(MAX_SERIAL_ID))).toBe(MAX_SERIAL_ID);
    for (const bad of ['1e20', '-1', '0', '2.5', ' 7', '07', String(MAX_SERIAL_ID + 1), '', null, undefined, {}]) {
      expect(parseSerialId(bad)).toBeNull();
    }
    expect(isSerialId(1e20)).toBe(false);
    expect(isSerialId(3)).toBe(true);
  });

  it('keeps a money sum within the 32-bit column', () => {
    expect(fitsMoneyColumn(MAX_STORED_TOEA)).toBe(true);
    expect(fitsMoneyColumn(MAX_STORED_TOEA + 1)).toBe(false);
    expect(fitsMoneyColumn(-1)).toBe(false);
    expect(fitsMoneyColumn(0.5)).toBe(false);
  });

  it('reads "Reserved" only for a listed product with no stock whose units are held, else "SOLD OUT!"', () => {
    const held = { status: 'sold' as const, stock: 0, isMembership: false, reserved: true };
    expect(isReserved(held)).toBe(true);
    expect(unavailableLabel(held)).toBe('Reserved');
    expect(unavailableLabel({ ...held, reserved: false })).toBe('SOLD OUT!');
    expect(unavailableLabel({ ...held, status: 'inactive' })).toBe('SOLD OUT!');
    expect(isReserved({ ...held, status: 'active', stock: 2 })).toBe(false);
  });
});
