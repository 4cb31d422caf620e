import { NavLink, useLocation } from 'react-router';
import { hidesBottomNav } from '../../shared/page-routes';
import { BadgeCount } from '../components/badge-count';
import { CartIcon, GridIcon, HeartIcon, HomeIcon, PackageIcon, UserIcon } from '../components/icons';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex flex-1 flex-col items-center gap-0.5 py-2 text-[11px] font-semibold ${
    isActive ? 'text-brand-700' : 'text-stone-600'
  }`;

/**
 * Mobile bottom bar; hidden on /payment, /checkout and product pages (SPEC 2). Its right-hand end
 * is kept for the chat button (app/chat-button.tsx).
 */
export function BottomNav({
  loggedIn,
  cartCount,
  wishlistCount,
  onLogin,
}: {
  loggedIn: boolean;
  cartCount: number;
  wishlistCount: number;
  onLogin(): void;
}) {
  const { pathname } = useLocation();
  if (hidesBottomNav(pathname)) return null;
  return (
    <nav
      aria-label="Bottom"
      className="fixed inset-x-0 bottom-0 z-30 flex border-t border-brand-100 bg-white pr-16 pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <NavLink to="/" end className={itemClass}>
        <HomeIcon className="h-5 w-5" />
        Home
      </NavLink>
      <NavLink to="/products" className={itemClass}>
        <GridIcon className="h-5 w-5" />
        Products
      </NavLink>
      <NavLink to="/cart" className={itemClass}>
        <span className="relative">
          <CartIcon className="h-5 w-5" />
          <BadgeCount count={cartCount} label="items in cart" />
        </span>
        Cart
      </NavLink>
      {loggedIn ? (
        <>
          <NavLink to="/wishlist" className={itemClass}>
            <span className="relative">
              <HeartIcon className="h-5 w-5" />
              <BadgeCount count={wishlistCount} label="items in wishlist" />
            </span>
            Wishlist
          </NavLink>
          <NavLink to="/orders" className={itemClass}>
            <PackageIcon className="h-5 w-5" />
            Orders
          </NavLink>
        </>
      ) : (
        <button type="button" onClick={onLogin} className={itemClass({ isActive: false })}>
          <UserIcon className="h-5 w-5" />
          Login
        </button>
      )}
    </nav>
  );
}
