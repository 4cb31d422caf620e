import { Link } from 'react-router';
import { formatInr } from '../../shared/money';
import { RAZORPAY } from '../../shared/payment-provider-facts';
import { POLICY_PAGES } from '../../shared/policy-pages';
import { storeSettings } from '../app-data';
import { PolicyArticle, PolicySection } from '../components/policy-article';

const linkClass = 'font-semibold text-brand-800 underline';

/**
 * The terms the store sells on (Consumer Protection (E-Commerce) Rules, 2020). Rule
 * 7(1)(c): the payment methods, their fees, the provider's name and contact and how to raise a
 * charge-back, for the provider this store is configured with (decision 0061).
 */
export function TermsPage() {
  const { storeName, seller, testMode, cashOnDelivery, codFee } = storeSettings;
  return (
    <PolicyArticle page={POLICY_PAGES.terms}>
      <p>
        {storeName} is run by {seller.legalName}, {seller.address} (GSTIN {seller.gstin}). By using this site
        and placing an order you agree to these terms.
      </p>
      <PolicySection title="Orders and prices">
        <ul>
          <li>Prices are in Indian rupees and include GST. Shipping is shown separately before you pay.</li>
          <li>
            An order is placed when you pay for it. We confirm it by e-mail with a GST tax invoice you can
            download from My Orders.
          </li>
          <li>
            An order that is not paid within a short time is cancelled and its items are offered to other
            shoppers again.
          </li>
          <li>
            Product pictures show the product as closely as we can; handmade and personalised items can differ
            slightly from one another.
          </li>
        </ul>
      </PolicySection>
      <PolicySection title="Payment">
        {testMode ? (
          <p>
            This store is in test mode: payments are simulated by its built-in payment sandbox. No money
            moves, no card or bank is charged, and there is no payment provider or charge-back to contact.
          </p>
        ) : (
          <p>
            You pay through the secure window of our payment provider, {RAZORPAY.name} ({RAZORPAY.legalName}),
            with UPI, cards (Visa, Mastercard, RuPay), net banking or wallets. We never see or keep your card
            number or UPI PIN. {RAZORPAY.name}'s help for customers:{' '}
            <a href={RAZORPAY.supportUrl} className={`break-all ${linkClass}`} rel="noopener noreferrer">
              {RAZORPAY.supportUrl}
            </a>
            .
          </p>
        )}
        <ul>
          <li>
            We add no fee for paying online.
            {cashOnDelivery
              ? ` Cash on delivery, where offered, costs ${formatInr(codFee)} more per order, shown before you order.`
              : ''}
          </li>
          <li>We take no recurring payments (no subscriptions or mandates), so there is none to cancel.</li>
          <li>
            Charged wrongly, or twice? Write to customer care with the order number first: we refund a payment
            we cannot honour. If we do not put it right, you may raise a dispute (charge-back) with the bank
            or card issuer that made the payment, or for UPI through your UPI app or bank.
          </li>
        </ul>
      </PolicySection>
      <PolicySection title="Delivery, returns and cancellations">
        <p>
          Delivery times and charges are in{' '}
          <Link to={POLICY_PAGES.shipping.path} className={linkClass}>
            {POLICY_PAGES.shipping.title}
          </Link>
          ; returns, refunds and cancellations in{' '}
          <Link to={POLICY_PAGES.returns.path} className={linkClass}>
            {POLICY_PAGES.returns.title}
          </Link>
          .
        </p>
      </PolicySection>
      <PolicySection title="Your account">
        <p>
          Keep your password to yourself; orders placed from your account are treated as yours. Tell us at
          once if you think someone else has used it.
        </p>
      </PolicySection>
      <PolicySection title="Complaints and disputes">
        <p>
          Write to customer care or to our Grievance Officer (see{' '}
          <Link to={POLICY_PAGES.contact.path} className={linkClass}>
            {POLICY_PAGES.contact.title}
          </Link>
          ). These terms are governed by the laws of India, and disputes are subject to the courts where the
          seller is registered.
        </p>
      </PolicySection>
    </PolicyArticle>
  );
}

export { TermsPage as Component };
