import { useId, useState } from 'react';
import { matchPath, NavLink, useLocation } from 'react-router';
import { canUseRoute, type StaffRole } from '../../../shared/staff-roles';

// Decision 0076: each back-office screen names the API route it needs, so the menu and the frame
// show a staff member only what their role's permissions allow (src/shared/staff-roles.ts).
// `label` marks a screen the menu links to; the others open from a list.
const SCREENS = [
  { to: '/admin', label: 'Dashboard', end: true, needs: 'GET /api/admin/dashboard' },
  { to: '/admin/orders', label: 'Orders', needs: 'GET /api/admin/orders' },
  { to: '/admin/orders/:id', needs: 'GET /api/admin/orders/:id' },
  { to: '/admin/orders/:id/packing-slip', needs: 'GET /api/admin/orders/:id/packing-slip.pdf' },
  { to: '/admin/customers', label: 'Customers', needs: 'GET /api/admin/customers' },
  { to: '/admin/customers/:id', needs: 'GET /api/admin/customers/:id' },
  // Every role reads products (quotes pick from them); the page is for those who change them.
  { to: '/admin/products', label: 'Products', needs: 'POST /api/admin/products' },
  { to: '/admin/products/new', needs: 'POST /api/admin/products' },
  { to: '/admin/products/:id', needs: 'PATCH /api/admin/products/:id' },
  { to: '/admin/categories', label: 'Categories', needs: 'GET /api/admin/categories' },
  { to: '/admin/collections', label: 'Collections', needs: 'GET /api/admin/collections' },
  { to: '/admin/returns', label: 'Returns', needs: 'GET /api/admin/returns' },
  { to: '/admin/coupons', label: 'Coupons', needs: 'GET /api/admin/coupons' },
  { to: '/admin/reviews', label: 'Reviews', needs: 'GET /api/admin/reviews' },
  { to: '/admin/bulk-enquiries', label: 'Bulk enquiries', needs: 'GET /api/admin/bulk-enquiries' },
  { to: '/admin/complaints', label: 'Complaints', needs: 'GET /api/admin/complaints' },
  // Decision 0084: the pools friends chip in to.
  { to: '/admin/group-gifts', label: 'Group gifts', needs: 'GET /api/admin/group-gifts' },
  { to: '/admin/quotes/new', label: 'New quote', needs: 'POST /api/admin/quotes' },
  { to: '/admin/reports', label: 'Reports', needs: 'GET /api/admin/reports/sales-register.csv' },
  { to: '/admin/outbox', label: 'Outbox', needs: 'GET /api/admin/outbox' },
  { to: '/admin/messages', label: 'Messages', needs: 'GET /api/admin/messages' },
  { to: '/admin/settings', label: 'Settings', needs: 'GET /api/admin/settings' },
  { to: '/admin/delivery-slots', label: 'Delivery slots', needs: 'GET /api/admin/delivery-slots' },
  { to: '/admin/staff', label: 'Staff', needs: 'GET /api/admin/staff' },
] as const satisfies readonly { to: string; label?: string; end?: boolean; needs: string }[];

const mayOpen = (role: StaffRole | null | undefined, screen: { needs: string }) => {
  const [method = 'GET', url = ''] = screen.needs.split(' ');
  return canUseRoute(role, method, url);
};

/** Every back-office screen's path, as the router names it. */
export const ADMIN_SCREEN_PATHS: readonly string[] = SCREENS.map((screen) => screen.to);

/**
 * Whether a role may open the screen at `pathname`: true or false for a back-office screen, null
 * for a path that is none (the router's own not-found answers it).
 */
export function mayOpenAdminScreen(role: StaffRole | null | undefined, pathname: string): boolean | null {
  const screen = SCREENS.find((candidate) => matchPath({ path: candidate.to, end: true }, pathname));
  return screen ? mayOpen(role, screen) : null;
}

/** The menu's links a staff role may follow. */
export const adminLinksFor = (role: StaffRole | null | undefined) =>
  SCREENS.flatMap((screen) =>
    'label' in screen && mayOpen(role, screen)
      ? [{ to: screen.to, label: screen.label, end: 'end' in screen && screen.end }]
      : [],
  );

/**
 * The back office's own navigation. On a phone, the section you are in and a "Menu"
 * button that opens every section in two columns (no bar that scrolls sideways); from a tablet
 * up, every section in a row that wraps.
 */
export function AdminNav({ role }: { role: StaffRole | null | undefined }) {
  const id = useId();
  const links = adminLinksFor(role);
  const { pathname } = useLocation();
  // The menu is open on the page it was opened on, so a chosen section (a new path) closes it. Kept
  // as state rather than closed by an effect on each new path: that effect also ran on mount, after
  // the first paint, and shut a menu tapped open in between.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const isOpen = openOn === pathname;
  const current = links.find((link) => matchPath({ path: link.to, end: link.end }, pathname));
  return (
    <nav aria-label="Back office" className="-mx-4 border-b border-brand-100 bg-white px-4">
      <div className="flex items-center justify-between gap-2 py-2 md:hidden">
        <span className="font-bold text-stone-900">{current?.label ?? 'Back office'}</span>
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={`${id}-links`}
          onClick={() => setOpenOn(isOpen ? null : pathname)}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-brand-200 px-4 text-sm font-semibold text-stone-800 hover:bg-brand-50"
        >
          <span aria-hidden="true">☰</span> Menu
        </button>
      </div>
      <ul
        id={`${id}-links`}
        className={`${isOpen ? 'grid' : 'hidden'} grid-cols-2 gap-1 pb-3 md:flex md:flex-wrap md:py-2`}
      >
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                `flex min-h-11 items-center whitespace-nowrap rounded-lg px-3 text-sm font-semibold ${
                  isActive ? 'bg-brand-600 text-white' : 'text-stone-700 hover:bg-brand-100'
                }`
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
