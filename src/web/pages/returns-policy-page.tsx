import { Link } from 'react-router';
import { POLICY_PAGES } from '../../shared/policy-pages';
import { MAX_RETURN_PHOTOS, MIN_RETURN_REASON_LENGTH, RETURN_WINDOW_DAYS } from '../../shared/return-rules';
import { telLink } from '../../shared/store-links';
import { storeSettings } from '../app-data';
import { PolicyArticle, PolicySection } from '../components/policy-article';

const linkClass = 'font-semibold text-brand-800 underline';

/** Issue 25: the return promise and how to use it, as the returns module applies it (decision 13). */
export function ReturnsPolicyPage() {
  const { customerCare } = storeSettings;
  return (
    <PolicyArticle page={POLICY_PAGES.returns}>
      <p>
        Not happy with what arrived? You can return it within <strong>{RETURN_WINDOW_DAYS} days</strong> of
        delivery and get your money back.
      </p>
      <PolicySection title={`The ${RETURN_WINDOW_DAYS}-day return promise`}>
        <ul>
          <li>
            Any item of a delivered order can be returned within {RETURN_WINDOW_DAYS} days of its delivery, in
            part or in full.
          </li>
          <li>Returned items should be unused and in their original packing where possible.</li>
          <li>
            An item that arrived <strong>defective, damaged or wrong</strong>, or an order delivered{' '}
            <strong>late</strong>, can be returned for <strong>{storeSettings.faultReturnDays} days</strong>{' '}
            after delivery, and then the delivery charges you paid are refunded too. Choose what is wrong when
            you ask, and add photos so that we can decide quickly.
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
            coupon discount. Shipping charges are not refunded.
          </li>
          <li>
            The refund goes back to the way you paid (UPI, card, net banking or wallet); we e-mail you when it
            is made. Banks usually credit it within 5-7 working days.
          </li>
          <li>
            If we ever cannot fulfil a paid order (for example an item sold out), we refund the payment in
            full, on our own.
          </li>
        </ul>
      </PolicySection>
      <PolicySection title="Cancelling an order">
        <p>
          An order can be cancelled until it is packed: contact customer care with the order number, and we
          refund what you paid for it in full.
        </p>
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
