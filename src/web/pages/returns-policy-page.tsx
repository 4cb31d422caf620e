import { Link } from 'react-router';
import { formatInr } from '../../shared/money';
import { ORDER_STATUSES, orderStatusLabel, shopperMayCancelPaid } from '../../shared/order-status';
import { POLICY_PAGES } from '../../shared/policy-pages';
import {
  MAX_RETURN_PHOTOS,
  MIN_RETURN_REASON_LENGTH,
  RETURN_WINDOW_DAYS,
  refundsDelivery,
} from '../../shared/return-rules';
import { telLink } from '../../shared/store-links';
import { storeSettings } from '../app-data';
import { PolicyArticle, PolicySection } from '../components/policy-article';

const linkClass = 'font-semibold text-brand-800 underline';

/** The first status a paid order can no longer be cancelled in by its shopper: 'packed' (decision 0051). */
const cancelUntil = orderStatusLabel(
  ORDER_STATUSES.slice(ORDER_STATUSES.indexOf('paid')).find((status) => !shopperMayCancelPaid(status)) ?? '',
).toLowerCase();
// Decision 0051: both kinds of the store's fault give back the delivery charges.
const faultRefundsDelivery = refundsDelivery('faulty') && refundsDelivery('late');

/**
 * Consumer Protection (E-Commerce) Rules, 2020, rule 7(1)(a): returns, refunds,
 * exchange, warranty, who pays return shipping and cancellation, from the rules the returns and
 * orders modules apply (shared/return-rules.ts) and the owner's settings (the COD fee, who pays
 * return shipping, the days for a faulty item), so the page never promises what the store does not
 * do (decisions 0013, 0043, 0051, 0058).
 */
export function ReturnsPolicyPage() {
  const { customerCare, cashOnDelivery, codFee, returnShippingPaidBy, faultReturnDays } = storeSettings;
  const faulty = 'defective, damaged or wrong, or arrived late';
  return (
    <PolicyArticle page={POLICY_PAGES.returns}>
      <p>
        Not happy with what arrived? You can return it within <strong>{RETURN_WINDOW_DAYS} days</strong> of
        delivery, or within <strong>{faultReturnDays} days</strong> if it is {faulty}, and get your money
        back.
      </p>
      <PolicySection title="What you can return, and until when">
        <ul>
          <li>
            Any item of a delivered order can be returned within {RETURN_WINDOW_DAYS} days of its delivery, in
            part or in full.
          </li>
          <li>Returned items should be unused and in their original packing where possible.</li>
          <li>
            An item that arrived <strong>defective, damaged or wrong</strong>, or an order delivered{' '}
            <strong>late</strong>, can be returned for <strong>{faultReturnDays} days</strong> after delivery
            {faultRefundsDelivery ? ', and then the delivery charges you paid are refunded too' : ''}. Choose
            what is wrong when you ask, and add photos so that we can decide quickly.
          </li>
        </ul>
      </PolicySection>
      <PolicySection title="Sending a return back">
        <p>
          {returnShippingPaidBy === 'store'
            ? 'We pay for sending every approved return back to us.'
            : `If you changed your mind, sending the item back is at your cost. If it is ${faulty}, we pay for sending it back.`}{' '}
          When we approve a return we tell you how to send it.
        </p>
      </PolicySection>
      <PolicySection title="Exchanges and warranty">
        <ul>
          <li>
            We do not exchange items. Return the item for a refund, and order the one you want; we will help
            you with it on the phone if you like.
          </li>
          <li>
            We give no warranty of our own beyond these returns. Where a maker gives one, its terms come with
            the product. None of this limits your rights under the Consumer Protection Act, 2019.
          </li>
        </ul>
      </PolicySection>
      <PolicySection title="How to ask for a return">
        <ol>
          <li>
            Sign in and open{' '}
            <Link to="/orders" className={linkClass}>
              My Orders
            </Link>
            , then the delivered order.
          </li>
          <li>
            Choose <strong>Return items</strong>, pick the items and how many of each, and tell us why (at
            least {MIN_RETURN_REASON_LENGTH} characters). You may add up to {MAX_RETURN_PHOTOS} photos.
          </li>
          <li>
            Send it with <strong>Request return</strong>. The order shows the request while we review it; one
            request per order is reviewed at a time.
          </li>
        </ol>
        <p>
          Cannot use the form? Call us at{' '}
          <a href={telLink(customerCare.phone)} className={linkClass}>
            {customerCare.phone}
          </a>{' '}
          or write to{' '}
          <a href={`mailto:${customerCare.email}`} className={`break-all ${linkClass}`}>
            {customerCare.email}
          </a>{' '}
          with your order number.
        </p>
      </PolicySection>
      <PolicySection title="Refunds">
        <ul>
          <li>
            When we approve a return, each returned item is refunded at the price you paid for it, after any
            coupon discount.{' '}
            {faultRefundsDelivery
              ? `The delivery charges (shipping, a delivery slot's fee, the cash on delivery fee) are refunded with the first return of an order that was ${faulty}; after a change of mind they are not.`
              : 'Delivery charges are not refunded.'}
          </li>
          <li>
            A paid order's refund goes back to the way you paid (UPI, card, net banking or wallet); we e-mail
            you when it is made. Banks usually credit it within 5-7 working days.
          </li>
          <li>
            A cash on delivery order's refund is paid by UPI or bank transfer: when we approve the return we
            e-mail you to ask for your UPI ID or bank details, and we send the money once we have them.
          </li>
          <li>
            If we ever cannot fulfil a paid order (for example an item sold out), we refund the payment in
            full, on our own.
          </li>
        </ul>
      </PolicySection>
      {cashOnDelivery && (
        <PolicySection title="Cash on delivery">
          <p>
            Cash on delivery costs {formatInr(codFee)} more per order, shown at checkout before you place it.
            You pay the courier when the parcel arrives; a refund of a returned item is made as described
            above.
          </p>
        </PolicySection>
      )}
      <PolicySection title="Cancelling an order">
        <ul>
          <li>
            You can cancel a paid order yourself in My Orders until it is {cancelUntil}, and we refund what
            you paid in full. Once it is {cancelUntil}, you can return it after delivery instead.
          </li>
          <li>A cash on delivery order can be cancelled in My Orders until the courier collects it.</li>
          <li>We charge nothing for cancelling.</li>
        </ul>
      </PolicySection>
      <p className="text-sm">
        Questions about a return? See{' '}
        <Link to={POLICY_PAGES.contact.path} className={linkClass}>
          {POLICY_PAGES.contact.title}
        </Link>
        .
      </p>
    </PolicyArticle>
  );
}

export { ReturnsPolicyPage as Component };
