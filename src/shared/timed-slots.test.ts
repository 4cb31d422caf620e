import { describe, expect, it } from 'vitest';
import { minuteText, type TimedSlotRule, timedChoiceProblem, timedOffers, windowsOf } from './timed-slots';

// Decision 0073: the windows, words and cut-offs of the owner's timed slots.

const fixedTime: TimedSlotRule = {
  id: 1,
  name: 'Fixed time',
  startMinute: 9 * 60,
  endMinute: 21 * 60,
  windowMinutes: 120,
  feePaise: 149_00,
  cutoffMinutes: 4 * 60,
  zones: ['same_day'],
  pincodes: ['400001'],
  // Not on Sundays.
  weekdays: [1, 2, 3, 4, 5, 6],
  active: true,
};
const bengaluru = { pincode: '560001', zone: 'same_day' as const };

describe('timed slots', () => {
  it('cut 9 AM to 9 PM into six 2-hour windows, said as a shopper reads them', () => {
    expect(
      windowsOf(fixedTime).map((window) => `${minuteText(window.start)}-${minuteText(window.end)}`),
    ).toEqual(['9 AM-11 AM', '11 AM-1 PM', '1 PM-3 PM', '3 PM-5 PM', '5 PM-7 PM', '7 PM-9 PM']);
    expect([minuteText(0), minuteText(12 * 60 + 30), minuteText(23 * 60 + 59)]).toEqual([
      '12 AM',
      '12:30 PM',
      '11:59 PM',
    ]);
  });

  it('close each window 4 hours before it starts: at 10:59 the 3 PM window is open, at 11:00 it is not', () => {
    const at = (time: string) =>
      timedOffers([fixedTime], bengaluru, '2026-11-23', new Date(`2026-11-23T${time}:00+05:30`)).map(
        (offer) => offer.window.start / 60,
      );
    expect(at('10:59')).toEqual([15, 17, 19]);
    expect(at('11:00')).toEqual([17, 19]);
  });

  it('serve the listed pincodes and areas on the listed days only', () => {
    const monday = new Date('2026-11-23T06:00:00+05:30');
    expect(timedOffers([fixedTime], { pincode: '400001', zone: null }, '2026-11-24', monday)).toHaveLength(6);
    expect(timedOffers([fixedTime], { pincode: '110001', zone: null }, '2026-11-24', monday)).toEqual([]);
    expect(timedOffers([fixedTime], bengaluru, '2026-11-29', monday)).toEqual([]);
    expect(timedOffers([{ ...fixedTime, active: false }], bengaluru, '2026-11-24', monday)).toEqual([]);
    expect(
      timedChoiceProblem(
        { date: '2026-11-29', slotId: 1, windowStart: 9 * 60 },
        [fixedTime],
        bengaluru,
        monday,
      ),
    ).toBe('Fixed time delivery is not offered on Sundays. Please choose another day or slot');
  });
});
