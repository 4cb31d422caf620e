import { NavLink } from 'react-router';

const LINKS = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/orders', label: 'Orders', end: false },
  { to: '/admin/products', label: 'Products', end: false },
  { to: '/admin/categories', label: 'Categories', end: false },
  { to: '/admin/collections', label: 'Collections', end: false },
  { to: '/admin/returns', label: 'Returns', end: false },
  { to: '/admin/coupons', label: 'Coupons', end: false },
  { to: '/admin/reviews', label: 'Reviews', end: false },
  { to: '/admin/bulk-enquiries', label: 'Bulk enquiries', end: false },
  { to: '/admin/quotes/new', label: 'New quote', end: false },
  { to: '/admin/reports', label: 'Reports', end: false },
  { to: '/admin/outbox', label: 'Outbox', end: false },
];

/** The back office's own navigation; scrolls sideways on a phone. */
export function AdminNav() {
  return (
    <nav aria-label="Back office" className="-mx-4 overflow-x-auto border-b border-brand-100 bg-white px-4">
      <ul className="flex gap-1 py-2">
        {LINKS.map((link) => (
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
