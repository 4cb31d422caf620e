import { describe, expect, it } from 'vitest';
import { neededByProblem } from './api/bulk-enquiries';
import { indiaDateOf as indiaDate } from './india-time';

describe('bulk enquiry rules', () => {
  it('counts days in India time, whatever the server’s time zone', () => {
    // 00:10 on 24 November in India is still the 23rd in UTC.
    const now = new Date('2026-11-24T00:10:00+05:30');
    expect(indiaDate(now)).toBe('2026-11-24');
    expect(indiaDate(now, 1)).toBe('2026-11-25');
  });

  it('takes a needed-by date from tomorrow to a year ahead', () => {
    const now = new Date('2026-11-23T23:59:00+05:30');
    expect(neededByProblem('2026-11-23', now)).toBe('Please choose a date from tomorrow onwards');
    expect(neededByProblem('2026-11-24', now)).toBeNull();
    expect(neededByProblem('2027-11-23', now)).toBeNull();
    expect(neededByProblem('2027-11-24', now)).toBe('Please choose a date within the next year');
  });
});
