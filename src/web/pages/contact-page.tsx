import { POLICY_PAGES } from '../../shared/policy-pages';
import { chatLink, instagramLink, telLink } from '../../shared/store-links';
import { storeSettings } from '../app-data';
import { PolicyArticle, PolicySection } from '../components/policy-article';

const linkClass = 'font-semibold text-brand-800 underline';

/**
 * Issue 25, Consumer Protection (E-Commerce) Rules, 2020: the seller's legal name and address,
 * customer care, and the Grievance Officer's name and contact, all from configuration.
 */
export function ContactPage() {
  const { storeName, seller, customerCare, grievanceOfficer } = storeSettings;
  return (
    <PolicyArticle page={POLICY_PAGES.contact}>
      <p>We are happy to help with orders, deliveries, returns and gifting ideas.</p>
      <PolicySection title="Customer care">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-semibold">Phone</dt>
          <dd>
            <a href={telLink(customerCare.phone)} className={linkClass}>
              {customerCare.phone}
            </a>
          </dd>
          <dt className="font-semibold">E-mail</dt>
          <dd className="break-all">
            <a href={`mailto:${customerCare.email}`} className={linkClass}>
              {customerCare.email}
            </a>
          </dd>
          <dt className="font-semibold">Chat</dt>
          <dd>
            <a href={chatLink(storeSettings)} className={linkClass} target="_blank" rel="noopener noreferrer">
              WhatsApp
            </a>{' '}
            or{' '}
            <a
              href={instagramLink(storeSettings)}
              className={linkClass}
              target="_blank"
              rel="noopener noreferrer"
            >
              Instagram
            </a>
          </dd>
        </dl>
        <p>Please have your order number ready; it is in your confirmation e-mail and in My Orders.</p>
      </PolicySection>
      <PolicySection title="Seller">
        <address className="not-italic">
          <strong>{seller.legalName}</strong>
          <br />
          {seller.address}
        </address>
        <p>
          GSTIN {seller.gstin}. {storeName} is the store name of {seller.legalName}.
        </p>
      </PolicySection>
      <PolicySection title="Grievance Officer">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-semibold">Name</dt>
          <dd>{grievanceOfficer.name}</dd>
          <dt className="font-semibold">E-mail</dt>
          <dd className="break-all">
            <a href={`mailto:${grievanceOfficer.email}`} className={linkClass}>
              {grievanceOfficer.email}
            </a>
          </dd>
          <dt className="font-semibold">Phone</dt>
          <dd>
            <a href={telLink(grievanceOfficer.phone)} className={linkClass}>
              {grievanceOfficer.phone}
            </a>
          </dd>
        </dl>
        <p>
          If customer care has not resolved your complaint, write to our Grievance Officer. We acknowledge
          every complaint within 48 hours and resolve it within one month of receiving it.
        </p>
      </PolicySection>
    </PolicyArticle>
  );
}

export { ContactPage as Component };
