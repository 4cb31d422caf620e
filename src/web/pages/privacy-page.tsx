import { Link } from 'react-router';
import { POLICY_PAGES } from '../../shared/policy-pages';
import { RETENTION_DAYS, TAX_RECORDS_MONTHS } from '../../shared/retention';
import { storeSettings } from '../app-data';
import { PolicyArticle, PolicySection } from '../components/policy-article';
import { AnalyticsChoiceControl } from '../features/analytics-consent/analytics-consent';

const linkClass = 'font-semibold text-brand-800 underline';

/** Issue 25: what the store keeps about a shopper and why (Digital Personal Data Protection Act, 2023). */
export function PrivacyPage() {
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
            Delivery addresses and phone numbers you save, and the orders, returns and reviews you make.
          </li>
          <li>Photos you upload for a personalised product or a return.</li>
          <li>
            Payments are handled by our payment provider: we receive whether a payment succeeded, never your
            card number or UPI PIN.
          </li>
        </ul>
      </PolicySection>
      <PolicySection title="Why we use it">
        <p>
          To deliver your orders, send you order and delivery e-mails, issue GST invoices, handle returns and
          refunds, and answer you when you contact us. We do not sell your data.
        </p>
      </PolicySection>
      <PolicySection title="Who we share it with">
        <p>
          Only with those who help us fulfil your order: the courier (name, address and phone), the payment
          provider (the amount and order number) and our e-mail service. Also with authorities where the law
          requires it.
        </p>
      </PolicySection>
      <PolicySection title="In your browser">
        <p>
          Your cart, chosen pincode and sign-in are kept in your browser's storage so they are there when you
          come back. If the store uses Google Analytics, it runs only once you allow it, and counts page views
          and purchases without your name or contact details.
        </p>
        <AnalyticsChoiceControl />
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
            expire; one-time codes an hour after they expire, to limit how many codes a number is sent.
          </li>
        </ul>
      </PolicySection>
      <PolicySection title="Your rights">
        <p>
          You can ask to see, correct or delete your personal data, or withdraw your consent, by writing to
          our Grievance Officer, {grievanceOfficer.name}, at {grievanceOfficer.email}. See{' '}
          <Link to={POLICY_PAGES.contact.path} className={linkClass}>
            {POLICY_PAGES.contact.title}
          </Link>{' '}
          for every way to reach us.
        </p>
      </PolicySection>
    </PolicyArticle>
  );
}

export { PrivacyPage as Component };
