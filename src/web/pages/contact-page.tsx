import { ACKNOWLEDGE_WITHIN_HOURS } from '../../shared/complaint-rules';
import { POLICY_PAGES } from '../../shared/policy-pages';
import { chatLink, instagramLink, telLink } from '../../shared/store-links';
import { storeSettings } from '../app-data';
import { PolicyArticle, PolicySection } from '../components/policy-article';
import { useAuth } from '../features/auth/auth-provider';
import { ComplaintForm } from '../features/complaints/complaint-form';
import { ComplaintStatusForm } from '../features/complaints/complaint-status-form';

const linkClass = 'font-semibold text-brand-800 underline';

/**
 * Consumer Protection (E-Commerce) Rules, 2020: the seller's legal name and address, customer care
 * and the Grievance Officer's name, designation and contact (rules 4(2) and 4(4)), all from
 * configuration; a complaint form that gives a ticket at once and a look-up of where a complaint
 * stands (rules 4(5) and 7(1)(f), decision 0061).
 */
export function ContactPage() {
  const { storeName, seller, customerCare, grievanceOfficer } = storeSettings;
  // Null while the page hydrates (the session is restored after), so the server's markup matches.
  const { user } = useAuth();
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
          <dt className="font-semibold">Designation</dt>
          <dd>{grievanceOfficer.designation}</dd>
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
          If customer care has not resolved your complaint, write to our Grievance Officer, or use the form
          below. Every complaint gets a ticket number at once; we acknowledge it within{' '}
          {ACKNOWLEDGE_WITHIN_HOURS} hours and resolve it within one month of receiving it.
        </p>
      </PolicySection>
      <PolicySection title="Raise a complaint">
        <ComplaintForm account={user ? { email: user.email } : null} />
      </PolicySection>
      <PolicySection title="Where my complaint stands">
        <ComplaintStatusForm />
      </PolicySection>
    </PolicyArticle>
  );
}

export { ContactPage as Component };
