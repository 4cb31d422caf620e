import { PAYMENT_MESSAGES } from '../../../shared/api/payments';
import type { GroupGiftEvent } from '../../../shared/group-gifts';
import type { Tx } from '../../db/client';
import { unavailable } from '../../errors';
import { addPaymentRefund, recordMoney } from '../money-ledger';
import type { GroupGiftDeps, PoolRecords, PoolRow } from './pool-records';

export type ShareRefunds = ReturnType<typeof createShareRefunds>;

/** Decision 0084: part of one share's payment given back to the one who paid it. */
export function createShareRefunds(
  { provider, log }: Pick<GroupGiftDeps, 'provider' | 'log'>,
  { tell }: Pick<PoolRecords, 'tell'>,
) {
  return {
    /**
     * Gives `paise` of a share's payment back through the provider (its receipt names the payment
     * and the reason, so a retried call is one refund there too), with its ledger line and the
     * payer's SMS, in the caller's transaction under the pool's lock. A provider that does not
     * answer rolls it all back (503), so a share is never counted without its refund.
     */
    async giveBack(
      tx: Tx,
      pool: PoolRow,
      part: {
        payment: { id: number; providerPaymentId: string | null; amountPaise: number; refundedPaise: number };
        paise: number;
        userId: number;
        reason: 'group_gift_over' | 'group_gift_surplus';
        event: GroupGiftEvent;
        takenPaise?: number;
        now: Date;
      },
    ): Promise<void> {
      const { payment, paise } = part;
      if (paise <= 0) return;
      if (!payment.providerPaymentId) throw new Error(`Payment ${payment.id} has no provider payment`);
      const receipt = `${part.reason === 'group_gift_over' ? 'share-over' : 'share-surplus'}-${payment.id}`;
      let refundRef: string;
      try {
        refundRef = (await provider.refund(payment.providerPaymentId, paise, receipt)).id;
      } catch (error) {
        log.warn(
          { err: error, paymentId: payment.providerPaymentId },
          'the payment provider did not take a share’s refund',
        );
        throw unavailable(PAYMENT_MESSAGES.providerDown);
      }
      await addPaymentRefund(tx, payment, paise);
      await recordMoney(tx, {
        orderId: pool.orderId,
        kind: 'refunded',
        amountPaise: paise,
        reason: part.reason,
        paymentId: payment.id,
        providerRef: refundRef,
        at: part.now,
        tellCustomer: false,
      });
      await tell(
        tx,
        pool,
        part.userId,
        part.event,
        `${part.event}-${payment.id}`,
        { paise, takenPaise: part.takenPaise ?? 0 },
        part.now,
      );
    },
  };
}
