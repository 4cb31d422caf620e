import { describe, expect, it } from 'vitest';
import {
  formatIndiaDate,
  formatIndiaDateTime,
  formatIndiaDay,
  formatIndiaDayAndMonth,
  formatIndiaMonth,
  formatIndiaTime,
  indiaWireTime,
  instantOfIndiaTime,
} from './india-time';

// 22:35 UTC on 23 November 2026 is 04:05 on Tuesday 24 November in India: a device in another
// zone must still read India's date and time (decision 0082).
const lateEveningUtc = new Date('2026-11-23T22:35:00Z');

describe('India time written one way (decision 0082)', () => {
  it('writes a date, a date and time and a time of day in India time, whatever the zone', () => {
    expect(formatIndiaDate(lateEveningUtc)).toBe('24 Nov 2026');
    expect(formatIndiaDateTime(lateEveningUtc)).toBe('24 Nov 2026, 4:05 am');
    expect(formatIndiaTime('2026-11-24T10:30:00Z')).toBe('4:00 pm');
    expect(formatIndiaDateTime('2026-11-24T10:30:00.000Z')).toBe('24 Nov 2026, 4:00 pm');
  });

  it('takes an India date as that day, not as UTC midnight', () => {
    expect(formatIndiaDate('2025-11-12')).toBe('12 Nov 2025');
    expect(formatIndiaDay('2026-11-24')).toBe('Tue, 24 Nov');
    expect(formatIndiaDay('2031-03-13')).toBe('Thu, 13 Mar');
    expect(formatIndiaDayAndMonth('2026-11-23')).toBe('23 Nov');
    expect(formatIndiaMonth('2026-09')).toBe('September 2026');
    expect(formatIndiaMonth('2027-01')).toBe('January 2027');
  });

  it('writes nothing for an unreadable instant, and leaves text that is not a date as it is', () => {
    expect(formatIndiaDate('not a date')).toBe('');
    expect(formatIndiaDateTime('')).toBe('');
    expect(formatIndiaDay('3-5 days')).toBe('3-5 days');
    expect(formatIndiaMonth('Sept 2026')).toBe('Sept 2026');
  });

  it("reads and writes couriers' India wall-clock times", () => {
    expect(instantOfIndiaTime('2031-03-13', '09:15')?.toISOString()).toBe('2031-03-13T03:45:00.000Z');
    expect(instantOfIndiaTime('2031-03-13', '23:59:30')?.toISOString()).toBe('2031-03-13T18:29:30.000Z');
    expect(instantOfIndiaTime('2031-13-40', '09:15')).toBeNull();
    expect(indiaWireTime(lateEveningUtc)).toBe('2026-11-24 04:05:00');
  });
});
