import { describe, expect, it } from 'vitest';
import { createTestClock, type TestClock } from '../../testing/test-app';
import { type CourierAnswer, createCourierCheck } from './courier-check';

// The courier's answers kept per pincode: a stand-in courier counts how often it is asked.

const advance = (clock: TestClock, ms: number) => clock.set(new Date(clock.now().getTime() + ms));

function standInCourier(answer: (pincode: string) => Promise<CourierAnswer>) {
  const asked: string[] = [];
  return {
    asked,
    ask: (pincode: string) => {
      asked.push(pincode);
      return answer(pincode);
    },
  };
}

describe('the courier check', () => {
  it('keeps an answer per pincode for its lifetime, and asks once for checks at the same time', async () => {
    const clock = createTestClock('2031-03-10T04:00:00.000Z');
    const courier = standInCourier(async () => ({ serviceable: true, estimatedDays: 4 }));
    const answerFor = createCourierCheck({ ask: courier.ask, clock, timeoutMs: 200, cacheMs: 60 * 60_000 });

    const together = await Promise.all([answerFor('194101'), answerFor('194101')]);
    expect(together).toEqual([
      { serviceable: true, estimatedDays: 4 },
      { serviceable: true, estimatedDays: 4 },
    ]);
    await answerFor('110001');
    advance(clock, 59 * 60_000);
    await answerFor('194101');
    expect(courier.asked).toEqual(['194101', '110001']);
    advance(clock, 2 * 60_000);
    await answerFor('194101');
    expect(courier.asked).toEqual(['194101', '110001', '194101']);
  });

  it('gives no answer for a failing courier and asks again only after a minute', async () => {
    const clock = createTestClock('2031-03-10T04:00:00.000Z');
    const courier = standInCourier(async () => {
      throw new Error('courier down');
    });
    const failures: string[] = [];
    const answerFor = createCourierCheck({
      ask: courier.ask,
      clock,
      timeoutMs: 200,
      cacheMs: 60 * 60_000,
      onFailure: (pincode) => failures.push(pincode),
    });
    expect(await answerFor('796001')).toBeNull();
    advance(clock, 30_000);
    expect(await answerFor('796001')).toBeNull();
    expect(courier.asked).toEqual(['796001']);
    advance(clock, 31_000);
    expect(await answerFor('796001')).toBeNull();
    expect(courier.asked).toEqual(['796001', '796001']);
    expect(failures).toEqual(['796001', '796001']);
  });
});
