import type { GiftRecord } from '../../../shared/gift-options';

/**
 * The gift message and "Prices hidden", where the shopper and the owner see an order.
 * The message is shown as the plain text it is, its line breaks kept.
 */
export function GiftNote({ gift, className = '' }: { gift: GiftRecord | null; className?: string }) {
  if (!gift) return null;
  return (
    <div className={`rounded-lg bg-brand-50 px-3 py-2 text-sm text-stone-800 ${className}`}>
      <p className="font-semibold text-stone-900">Gift{gift.hidePrices ? ' · Prices hidden' : ''}</p>
      {gift.message ? (
        <blockquote aria-label="Gift message" className="mt-1 whitespace-pre-line break-words italic">
          {gift.message}
        </blockquote>
      ) : (
        <p className="mt-1 text-stone-600">No gift message</p>
      )}
      {gift.recipientEmail && (
        <p className="mt-1 break-all text-stone-700">Gift e-mail to {gift.recipientEmail}</p>
      )}
    </div>
  );
}
