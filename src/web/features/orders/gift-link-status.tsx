import type { GiftLinkStatus } from '../../../shared/api/gift-links';
import { deliveryChoiceText } from '../../../shared/delivery-slot-rules';
import { GIFT_LINK_STATE_LABELS } from '../../../shared/gift-links';

/**
 * Decision 0081: what the sender of a gift link sees in place of the address: who it went to, the
 * link's state and, once the recipient answered, the delivery date. Never the address.
 */
export function GiftLinkStatusNote({ link, className = '' }: { link: GiftLinkStatus; className?: string }) {
  const state = GIFT_LINK_STATE_LABELS[link.state];
  return (
    <div className={className}>
      <p className="text-stone-800">
        Sent by link to <strong>{link.recipientName}</strong>, who gives the address.
      </p>
      <p role="status" className="mt-1 font-semibold text-stone-900">
        {link.delivery ? `${state}, arriving ${deliveryChoiceText(link.delivery)}` : state}
      </p>
      {link.state === 'expired' && (
        <p className="mt-1 text-sm text-stone-700">
          The link expired without an answer. Choose a refund or give the address yourself; without a choice
          it is refunded in full.
        </p>
      )}
    </div>
  );
}
