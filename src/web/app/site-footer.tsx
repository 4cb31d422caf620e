import { createContext, useContext } from 'react';
import { Link } from 'react-router';
import { POLICY_PAGES } from '../../shared/policy-pages';
import { instagramLink, telLink } from '../../shared/store-links';
import { storeSettings } from '../app-data';
import { InstagramIcon, MailIcon, PhoneIcon } from '../components/icons';
import { PaymentMarks } from '../components/payment-marks';

const linkClass = 'hover:text-brand-700 hover:underline';

const shopLinks = [
  { to: '/products', label: 'All products' },
  { to: '/categories', label: 'Shop by occasion' },
  { to: '/collections', label: 'Collections' },
  { to: '/bulk-orders', label: 'Bulk and corporate orders' },
];

// The pages a seller in India must show, on every page.
const policyLinks = [
  POLICY_PAGES.contact,
  POLICY_PAGES.returns,
  POLICY_PAGES.shipping,
  POLICY_PAGES.terms,
  POLICY_PAGES.privacy,
];

/** The footer element's class, by which the server finds its content in a page (entry-server.tsx). */
export const footerClass = 'mt-12 border-t border-brand-100 bg-white pb-20 md:pb-0';

/** On the server: the footer's content as an earlier render wrote it (entry-server.tsx), or null. */
export const KeptFooterMarkup = createContext<string | null>(null);

export function SiteFooter() {
  const kept = useContext(KeptFooterMarkup);
  return kept === null ? (
    <footer className={footerClass}>
      <FooterContent />
    </footer>
  ) : (
    // The same element with the markup a render of its content wrote, for React to write out again.
    // biome-ignore lint/security/noDangerouslySetInnerHtml: markup React itself rendered from the same components.
    <footer className={footerClass} dangerouslySetInnerHTML={{ __html: kept }} />
  );
}

function FooterContent() {
  const { customerCare, seller } = storeSettings;
  return (
    <>
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-6 px-4 py-8 text-sm text-stone-700 lg:grid-cols-4">
        <div className="col-span-2 lg:col-span-1">
          <p className="text-base font-extrabold text-brand-700">{storeSettings.storeName}</p>
          <p className="mt-1">{storeSettings.tagline}.</p>
          <p className="mt-4 font-semibold text-stone-900">We accept</p>
          <PaymentMarks className="mt-2" />
        </div>
        <nav aria-label="Footer">
          <p className="font-semibold text-stone-900">Shop</p>
          <ul className="mt-2 space-y-1">
            {shopLinks.map((link) => (
              <li key={link.to}>
                <Link className={linkClass} to={link.to}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Policies">
          <p className="font-semibold text-stone-900">Help and policies</p>
          <ul className="mt-2 space-y-1">
            {policyLinks.map((page) => (
              <li key={page.path}>
                <Link className={linkClass} to={page.path}>
                  {page.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="col-span-2 lg:col-span-1">
          <p className="font-semibold text-stone-900">Customer care</p>
          <ul className="mt-2 space-y-2">
            <li>
              <a className={`inline-flex items-center gap-2 ${linkClass}`} href={telLink(customerCare.phone)}>
                <PhoneIcon className="h-4 w-4" />
                {customerCare.phone}
              </a>
            </li>
            <li>
              <a
                className={`inline-flex items-center gap-2 break-all ${linkClass}`}
                href={`mailto:${customerCare.email}`}
              >
                <MailIcon className="h-4 w-4 shrink-0" />
                {customerCare.email}
              </a>
            </li>
            <li>
              <a
                className={`inline-flex items-center gap-2 ${linkClass}`}
                href={instagramLink(storeSettings)}
                target="_blank"
                rel="noopener noreferrer"
              >
                <InstagramIcon className="h-4 w-4" />@{storeSettings.instagramHandle}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-brand-100 px-4 py-3 text-center text-xs text-stone-600">
        <p>
          {seller.legalName}, {seller.address}
        </p>
        {/* The year can differ between the server's clock and the shopper's on New Year's Eve. */}
        <p className="mt-1" suppressHydrationWarning>
          © {new Date().getFullYear()} {storeSettings.storeName}. Prices in Indian rupees, inclusive of taxes.
        </p>
      </div>
    </>
  );
}
