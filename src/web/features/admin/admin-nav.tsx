import { NavLink } from 'react-router';
import { canUseRoute, type StaffRole } from '../../../shared/staff-roles';

// Issue 26: each link names the API route its page needs, so the menu shows a staff member only
// what their role may use (the one role map, src/shared/staff-roles.ts).
const LINKS = [
  { to: '/admin', label: 'Dashboard', end: true, needs: 'GET /api/admin/dashboard' },
  { to: '/admin/orders', label: 'Orders', end: false, needs: 'GET /api/admin/orders' },
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

/** The back office's own navigation; scrolls sideways on a phone. */
export function AdminNav({ role }: { role: StaffRole | null | undefined }) {
  return (
    <nav aria-label="Back office" className="-mx-4 overflow-x-auto border-b border-brand-100 bg-white px-4">
      <ul className="flex gap-1 py-2">
        {adminLinksFor(role).map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                `inline-flex min-h-11 items-center whitespace-nowrap rounded-lg px-3 text-sm font-semibold ${
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
