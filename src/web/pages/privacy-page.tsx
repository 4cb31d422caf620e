import { Link } from 'react-router';
import { POLICY_PAGES } from '../../shared/policy-pages';
import { RETENTION_DAYS, TAX_RECORDS_MONTHS } from '../../shared/retention';
import { storeSettings } from '../app-data';
import { PolicyArticle, PolicySection } from '../components/policy-article';
import { AnalyticsChoiceControl } from '../features/analytics-consent/analytics-consent';
import { useAuth } from '../features/auth/auth-provider';
import { useChangeAnalyticsConsent } from '../features/order-updates/order-updates-api';

const linkClass = 'font-semibold text-brand-800 underline';

/** What the store keeps about a shopper and why (Digital Personal Data Protection Act, 2023). */
export function PrivacyPage() {
  const auth = useAuth();
  const recordAnalytics = useChangeAnalyticsConsent(auth.user?.id ?? null);
  const { storeName, seller, grievanceOfficer } = storeSettings;
  return (
    <PolicyArticle page={POLICY_PAGES.privacy}>
      <p>
        {seller.legalName} runs {storeName} and is responsible for the personal data you give us here.
      </p>
      <PolicySection title="What we collect">
        <ul>
          <li>
            Your name, e-mail address and password (kept only as a secure hash) when you create an account.
          </li>
          <li>
            Your mobile number when you sign in with it or add it, to send one-time codes and order news.
          </li>
          <li>
            Delivery addresses and phone numbers you save, and the orders, returns, reviews and complaints you
            make.
          </li>
          <li>
            Your choices about messages (which news and offers, on which channel, and when you changed them).
          </li>
          <li>Photos you upload for a personalised product or a return.</li>
          <li>
            Payments are handled by our payment provider: we receive whether a payment succeeded, never your
            card number or UPI PIN.
          </li>
        </ul>
      </PolicySection>
      <PolicySection title="Why we use it">
        <ul>
          <li>
            To deliver your orders, issue GST invoices, handle returns and refunds, and answer your
            complaints: this is what you gave the data for (Digital Personal Data Protection Act 2023,
            s.7(a)).
          </li>
          <li>
            Order news by e-mail and SMS, which you can stop with one tap; order news on WhatsApp only if you
            tick it.
          </li>
          <li>
            Offers and reminders of a cart you left, on each channel only if you ticked "Send me offers and
            reminders", between 9 am and 9 pm; never to a gift's recipient.
          </li>
          <li>A gift's recipient's number and e-mail, given by the sender, only for the gift's own news.</li>
        </ul>
        <p>We do not sell your data.</p>
      </PolicySection>
      <PolicySection title="Who we share it with">
        <p>Only with those who help us fulfil your order, each for that purpose alone:</p>
        <ul>
          <li>the payment provider (Razorpay): the amount, the order number, your e-mail and phone;</li>
          <li>the courier (Shiprocket and its delivery partners): the delivery name, address and phone;</li>
          <li>our SMS provider (MSG91) and WhatsApp (Meta): your mobile number and the message;</li>
          <li>our e-mail service: your e-mail address and the message;</li>
          <li>our file storage: the photos you upload;</li>
          <li>
            Google Analytics, only if you allow it: page views and purchases, without your name or contact.
          </li>
        </ul>
        <p>Also with authorities where the law requires it.</p>
      </PolicySection>
      <PolicySection title="In your browser">
        <p>
          Your cart, chosen pincode and sign-in are kept in your browser's storage so they are there when you
          come back. If the store uses Google Analytics, it runs only once you allow it, and counts page views
          and purchases without your name or contact details.
        </p>
        <AnalyticsChoiceControl
          onChange={
            auth.user
              ? (choice) => recordAnalytics.mutate({ given: choice === 'granted', via: 'settings' })
              : undefined
          }
        />
      </PolicySection>
      <PolicySection title="How long we keep it">
        <ul>
          <li>Your account data as long as you have the account.</li>
          <li>
            Orders and invoices for {TAX_RECORDS_MONTHS / 12} years after the annual GST return of their year,
            as the GST law requires.
          </li>
          <li>
            The words of the WhatsApp, SMS and e-mail messages we sent you for {RETENTION_DAYS.messageBodies}{' '}
            days; a checkout you left without ordering for {RETENTION_DAYS.abandonedCarts} days; photos of a
            return for {RETENTION_DAYS.returnPhotos} days after it was decided; sign-ins only until they
            expire; one-time codes an hour after they expire, to limit how many codes a number is sent; a link
            to confirm a new e-mail until it is used or its day is over.
          </li>
        </ul>
      </PolicySection>
      <PolicySection title="Your rights">
        <ul>
          <li>
            Download your data, correct your name, choose your messages and delete your account yourself, from{' '}
            <Link to="/orders" className={linkClass}>
              My Orders
            </Link>{' '}
            (signed in). A withdrawn consent stops the next message; a reply of STOP does too.
          </li>
          <li>
            Or write to our Grievance Officer, {grievanceOfficer.name}, at {grievanceOfficer.email}, who
            answers within 48 hours. See{' '}
            <Link to={POLICY_PAGES.contact.path} className={linkClass}>
              {POLICY_PAGES.contact.title}
            </Link>{' '}
            for every way to reach us.
          </li>
          <li>
            If we do not resolve it, you may complain to the Data Protection Board of India (DPDP Act 2023,
            s.13(3)).
          </li>
        </ul>
      </PolicySection>
    </PolicyArticle>
  );
}

export { PrivacyPage as Component };
