import { createContext, useContext, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { storeSettings } from '../app-data';
import { BadgeCount } from '../components/badge-count';
import { CartIcon, CloseIcon, GiftIcon, HeartIcon, MenuIcon, SearchIcon } from '../components/icons';
import { EMPTY_FILTERS, listingUrl } from '../features/listing-filters/listing-url';
import { preloadSearchSuggestions, SearchCombobox } from '../features/search/search-combobox';

export type NavSession = {
  loggedIn: boolean;
  /** The back office is linked for admins only (the API refuses everyone else). */
  isAdmin?: boolean;
  cartCount: number;
  wishlistCount: number;
  onLogin(): void;
  onRegister(): void;
  onLogout(): void;
};

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `relative rounded-lg px-3 py-2 text-sm font-semibold transition-colors ${
    isActive ? 'bg-brand-100 text-brand-800' : 'text-stone-700 hover:bg-brand-100 hover:text-brand-800'
  }`;

/** The header element's class, by which the server finds its content in a page (entry-server.tsx). */
export const headerClass = 'sticky top-0 z-30 border-b border-brand-100 bg-white/95 backdrop-blur';

/**
 * On the server: the header's content as an earlier render of a page of the same kind wrote it
 * (entry-server.tsx), or null.
 */
export const KeptHeaderMarkup = createContext<string | null>(null);

/** The header search lists its search with the listing's own URL rules. */
const searchListingPath = (search: string, category = '') =>
  listingUrl({ ...EMPTY_FILTERS, search, category });

/**
 * SPEC 2 "Top navigation": items by role, a mobile menu toggle and badges. A search box
 * on every page, a field on wide screens and an icon that opens it on narrower ones.
 */
export function TopNav({ session }: { session: NavSession }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const location = useLocation();
  // Navigating closes the mobile menu and the search row.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the path only
  useEffect(() => {
    setMenuOpen(false);
    setSearchOpen(false);
  }, [location.pathname]);
  const kept = useContext(KeptHeaderMarkup);
  if (kept !== null) {
    // The same element with the markup a render of its content wrote, for React to write out again.
    // biome-ignore lint/security/noDangerouslySetInnerHtml: markup React itself rendered from the same components.
    return <header className={headerClass} dangerouslySetInnerHTML={{ __html: kept }} />;
  }

  const links = (
    <>
      <NavLink to="/" end className={linkClass}>
        Home
      </NavLink>
      <NavLink to="/products" className={linkClass}>
        Products
      </NavLink>
      <NavLink to="/collections" className={linkClass}>
        Collections
      </NavLink>
      <NavLink to="/cart" className={linkClass}>
        <span className="inline-flex items-center gap-1.5">
          <span className="relative">
            <CartIcon className="h-5 w-5" />
            <BadgeCount count={session.cartCount} label="items in cart" />
          </span>
          Cart
        </span>
      </NavLink>
      {session.loggedIn ? (
        <>
          <NavLink to="/wishlist" className={linkClass}>
            <span className="inline-flex items-center gap-1.5">
              <span className="relative">
                <HeartIcon className="h-5 w-5" />
                <BadgeCount count={session.wishlistCount} label="items in wishlist" />
              </span>
              Wishlist
            </span>
          </NavLink>
          <NavLink to="/orders" className={linkClass}>
            Orders
          </NavLink>
          {session.isAdmin && (
            <NavLink to="/admin" className={linkClass}>
              Admin
            </NavLink>
          )}
          <button
            type="button"
            onClick={session.onLogout}
            className="rounded-lg px-3 py-2 text-left text-sm font-semibold text-stone-700 hover:bg-brand-100"
          >
            Logout
          </button>
        </>
      ) : (
        <>
          <button
            type="button"
            onClick={session.onLogin}
            className="rounded-lg px-3 py-2 text-left text-sm font-semibold text-stone-700 hover:bg-brand-100"
          >
            Login
          </button>
          <button
            type="button"
            onClick={session.onRegister}
            className="rounded-lg bg-brand-600 px-3 py-2 text-left text-sm font-semibold text-white hover:bg-brand-700"
          >
            Register
          </button>
        </>
      )}
    </>
  );

  return (
    <header className={headerClass}>
      <nav aria-label="Main" className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4">
        <Link to="/" className="flex items-center gap-2 text-lg font-extrabold text-brand-700">
          <GiftIcon className="h-7 w-7 text-festive-pink" />
          <span className="font-heading">{storeSettings.storeName}</span>
        </Link>
        <div className="hidden max-w-sm min-w-0 flex-1 lg:mx-4 lg:block">
          <SearchCombobox listingPath={searchListingPath} />
        </div>
        <div className="ml-auto flex items-center gap-1">
          <button
            type="button"
            className="rounded-lg p-2 text-stone-700 lg:hidden"
            aria-expanded={searchOpen}
            aria-controls="header-search"
            aria-label={searchOpen ? 'Close search' : 'Search'}
            onPointerDown={preloadSearchSuggestions}
            onClick={() => {
              setSearchOpen((open) => !open);
              setMenuOpen(false);
            }}
          >
            {searchOpen ? <CloseIcon className="h-6 w-6" /> : <SearchIcon className="h-6 w-6" />}
          </button>
          <div className="hidden items-center gap-1 md:flex">{links}</div>
        </div>
        <div className="flex items-center gap-1 md:hidden">
          <Link to="/cart" className="relative rounded-lg p-2 text-stone-700">
            <span className="sr-only">Cart</span>
            <CartIcon className="h-6 w-6" />
            <BadgeCount count={session.cartCount} label="items in cart" />
          </Link>
          <button
            type="button"
            className="rounded-lg p-2 text-stone-700"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => {
              setMenuOpen((open) => !open);
              setSearchOpen(false);
            }}
          >
            {menuOpen ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
          </button>
        </div>
      </nav>
      {searchOpen && (
        <div id="header-search" className="border-t border-brand-100 bg-white px-4 py-2 lg:hidden">
          <SearchCombobox listingPath={searchListingPath} autoFocus onDone={() => setSearchOpen(false)} />
        </div>
      )}
      {menuOpen && (
        <div id="mobile-menu" className="border-t border-brand-100 bg-white px-4 py-2 md:hidden">
          <div className="flex flex-col gap-1">{links}</div>
        </div>
      )}
    </header>
  );
}
