// The shopper pages' dates are written out without Intl (issue 29); they must read exactly as Intl's en-PG formats
// wrote them, in the browser's zone or in Port Moresby's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDate, formatShopDateTime, formatShopDay, formatShopDeadline } from './dates';

const local = {
  dateTime: new Intl.DateTimeFormat('en-PG', { dateStyle: 'long', timeStyle: 'short' }),
  day: new Intl.DateTimeFormat('en-PG', { dateStyle: 'long' }),
};
const portMoresby = {
  dateTime: new Intl.DateTimeFormat('en-PG', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Pacific/Port_Moresby',
  }),
  day: new Intl.DateTimeFormat('en-PG', { dateStyle: 'long', timeZone: 'Pacific/Port_Moresby' }),
  deadline: new Intl.DateTimeFormat('en-AU', {
    timeZone: 'Pacific/Port_Moresby',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }),
};

// Every minute from 1990 to 2100 (the shop's dates: orders, memberships, holds).
const instants = fc
  .integer({ min: Date.UTC(1990, 0, 1) / 60_000, max: Date.UTC(2100, 0, 1) / 60_000 })
  .map((minute) => new Date(minute * 60_000));

describe('dates written out as Intl en-PG writes them', () => {
  it('in the browser’s zone: order dates and long days', () => {
    fc.assert(
      fc.property(instants, (date) => {
        const iso = date.toISOString();
        expect(formatDateTime(iso)).toBe(local.dateTime.format(date));
        expect(formatLongDate(iso)).toBe(local.day.format(date));
      }),
      { numRuns: 2000 },
    );
  });

  it('in Port Moresby time, whatever the browser’s zone: the shop’s days and deadlines', () => {
    fc.assert(
      fc.property(instants, (date) => {
        const iso = date.toISOString();
        expect(formatShopDay(iso)).toBe(portMoresby.day.format(date));
        expect(formatShopDateTime(iso)).toBe(`${portMoresby.dateTime.format(date)} (Port Moresby time)`);
        expect(formatShopDeadline(iso)).toBe(portMoresby.deadline.format(date));
      }),
      { numRuns: 2000 },
    );
  });

  it('at the edges of a day and of noon', () => {
    expect(formatShopDateTime('2025-03-05T14:00:00Z')).toBe('6 March 2025 at 12:00 am (Port Moresby time)');
    expect(formatShopDateTime('2025-03-05T02:00:00Z')).toBe('5 March 2025 at 12:00 pm (Port Moresby time)');
    expect(formatShopDeadline('2025-03-04T14:05:00Z')).toBe('Wed, 5 Mar, 12:05 am');
    expect(formatShopDay('2027-12-10T13:59:00Z')).toBe('10 December 2027');
    expect(formatShopDay('2027-12-10T14:00:00Z')).toBe('11 December 2027');
  });

  it('answers nothing for a date it cannot read', () => {
    for (const format of [formatDateTime, formatLongDate, formatShopDay, formatShopDateTime, formatShopDeadline]) {
      expect(format('not a date')).toBe('');
    }
  });
});
