import { useEffect, useId, useState } from 'react';
import { matchPath, NavLink, useLocation } from 'react-router';
import { canUseRoute, type StaffRole } from '../../../shared/staff-roles';

// Issue 26: each link names the API route its page needs, so the menu shows a staff member only
// what their role may use (the one role map, src/shared/staff-roles.ts).
const LINKS = [
  { to: '/admin', label: 'Dashboard', end: true, needs: 'GET /api/admin/dashboard' },
  { to: '/admin/orders', label: 'Orders', end: false, needs: 'GET /api/admin/orders' },
  { to: '/admin/customers', label: 'Customers', end: false, needs: 'GET /api/admin/customers' },
  // Every role reads products (quotes pick from them); the page is for those who change them.
  { to: '/admin/products', label: 'Products', end: false, needs: 'POST /api/admin/products' },
  { to: '/admin/categories', label: 'Categories', end: false, needs: 'GET /api/admin/categories' },
  { to: '/admin/collections', label: 'Collections', end: false, needs: 'GET /api/admin/collections' },
  { to: '/admin/returns', label: 'Returns', end: false, needs: 'GET /api/admin/returns' },
  { to: '/admin/coupons', label: 'Coupons', end: false, needs: 'GET /api/admin/coupons' },
  { to: '/admin/reviews', label: 'Reviews', end: false, needs: 'GET /api/admin/reviews' },
  {
    to: '/admin/bulk-enquiries',
    label: 'Bulk enquiries',
    end: false,
    needs: 'GET /api/admin/bulk-enquiries',
  },
  { to: '/admin/complaints', label: 'Complaints', end: false, needs: 'GET /api/admin/complaints' },
  { to: '/admin/quotes/new', label: 'New quote', end: false, needs: 'POST /api/admin/quotes' },
  { to: '/admin/reports', label: 'Reports', end: false, needs: 'GET /api/admin/reports/sales-register.csv' },
  { to: '/admin/outbox', label: 'Outbox', end: false, needs: 'GET /api/admin/outbox' },
  { to: '/admin/messages', label: 'Messages', end: false, needs: 'GET /api/admin/messages' },
  { to: '/admin/settings', label: 'Settings', end: false, needs: 'GET /api/admin/settings' },
  { to: '/admin/staff', label: 'Staff', end: false, needs: 'GET /api/admin/staff' },
];

/** The links a staff role may follow. */
export const adminLinksFor = (role: StaffRole | null | undefined) =>
  LINKS.filter((link) => {
    const [method = 'GET', url = ''] = link.needs.split(' ');
    return canUseRoute(role, method, url);
  });

/**
 * The back office's own navigation. Issue 26: on a phone, the section you are in and a "Menu"
 * button that opens every section in two columns (no bar that scrolls sideways); from a tablet
 * up, every section in a row that wraps.
 */
export function AdminNav({ role }: { role: StaffRole | null | undefined }) {
  const id = useId();
  const links = adminLinksFor(role);
  const { pathname } = useLocation();
  const [isOpen, setIsOpen] = useState(false);
  const current = links.find((link) => matchPath({ path: link.to, end: link.end }, pathname));
  // A chosen section closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path by design
  useEffect(() => setIsOpen(false), [pathname]);
  return (
    <nav aria-label="Back office" className="-mx-4 border-b border-brand-100 bg-white px-4">
      <div className="flex items-center justify-between gap-2 py-2 md:hidden">
        <span className="font-bold text-stone-900">{current?.label ?? 'Back office'}</span>
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={`${id}-links`}
          onClick={() => setIsOpen(!isOpen)}
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
