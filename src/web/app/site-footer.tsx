import { Link } from 'react-router';
import { instagramLink } from '../../shared/store-links';
import { storeSettings } from '../app-data';
import { InstagramIcon, MailIcon } from '../components/icons';

export function SiteFooter() {
  return (
    <footer className="mt-12 border-t border-brand-100 bg-white pb-20 md:pb-0">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 text-sm text-stone-700 sm:grid-cols-3">
        <div>
          <p className="text-base font-extrabold text-brand-700">{storeSettings.storeName}</p>
          <p className="mt-1">{storeSettings.tagline}.</p>
        </div>
        <nav aria-label="Footer">
          <p className="font-semibold text-stone-900">Shop</p>
          <ul className="mt-2 space-y-1">
            <li>
              <Link className="hover:text-brand-700" to="/products">
                All products
              </Link>
            </li>
            <li>
              <Link className="hover:text-brand-700" to="/categories">
                Shop by occasion
              </Link>
            </li>
            <li>
              <Link className="hover:text-brand-700" to="/collections">
                Collections
              </Link>
            </li>
            <li>
              <Link className="hover:text-brand-700" to="/bulk-orders">
                Bulk and corporate orders
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <p className="font-semibold text-stone-900">Need help?</p>
          <ul className="mt-2 space-y-2">
            <li>
              <a
                className="inline-flex items-center gap-2 hover:text-brand-700"
                href={`mailto:${storeSettings.supportEmail}`}
              >
                <MailIcon className="h-4 w-4" />
                {storeSettings.supportEmail}
              </a>
            </li>
            <li>
              <a
                className="inline-flex items-center gap-2 hover:text-brand-700"
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
      {/* The year can differ between the server's clock and the shopper's on New Year's Eve. */}
      <p
        className="border-t border-brand-100 py-3 text-center text-xs text-stone-500"
        suppressHydrationWarning
      >
        © {new Date().getFullYear()} {storeSettings.storeName}. Prices in Indian rupees, inclusive of taxes.
      </p>
    </footer>
  );
}
