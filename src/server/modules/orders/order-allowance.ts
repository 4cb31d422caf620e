import { tooMany } from '../../errors';
import { type AttemptLimiter, createAttemptLimiter, type LimiterStore } from '../auth';

const DAY_SECONDS = 24 * 60 * 60;
// One address may be a family or an office: three accounts' worth.
const ADDRESS_SHARE = 3;

export const ORDER_ALLOWANCE_MESSAGES = {
  placing: 'You have placed many orders today. Please try again tomorrow, or write to us if you need more.',
  cancelling: 'You have cancelled many orders today. Please try again tomorrow, or write to us for help.',
} as const;

export type OrderAllowance = ReturnType<typeof createOrderAllowance>;

/**
 * Decision 0054: a day's orders placed and cancelled, per account and per address, counted in the
 * shared limiter store (every instance sees the same counts). Each order can cause messages and
 * owner notices; these bound what one account or one address can make the store send.
 */
export function createOrderAllowance(store: LimiterStore, perDay: { orders: number; cancels: number }) {
  const limiters = (name: string, attempts: number) => ({
    account: createAttemptLimiter(store, { name: `${name}-account`, attempts, windowSeconds: DAY_SECONDS }),
    address: createAttemptLimiter(store, {
      name: `${name}-ip`,
      attempts: attempts * ADDRESS_SHARE,
      windowSeconds: DAY_SECONDS,
    }),
  });
  const placing = limiters('orders-placed', perDay.orders);
  const cancelling = limiters('orders-cancelled', perDay.cancels);

  async function spend(
    pair: { account: AttemptLimiter; address: AttemptLimiter },
    userId: number,
    ip: string,
    message: string,
  ) {
    const wait = Math.max(await pair.account.consume(String(userId)), await pair.address.consume(ip));
    if (wait > 0) throw tooMany(message, wait);
  }

  return {
    /** Counts an order about to be placed; 429 once the account or the address has had its day's. */
    placing: (userId: number, ip: string) => spend(placing, userId, ip, ORDER_ALLOWANCE_MESSAGES.placing),
    /** Counts a cancel about to be made; 429 likewise. */
    cancelling: (userId: number, ip: string) =>
      spend(cancelling, userId, ip, ORDER_ALLOWANCE_MESSAGES.cancelling),
  };
}
