import { Link } from 'react-router';
import type { AdminDashboard } from '../../../shared/api/admin';
import { formatInr } from '../../../shared/money';
import { formatDateTime } from './admin-ui';

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-xl border border-brand-100 bg-white p-4 shadow-sm">
      <dt className="text-sm font-semibold text-stone-600">{label}</dt>
      <dd className="mt-1 text-2xl font-extrabold text-stone-900">{value}</dd>
      {detail && <dd className="text-sm text-stone-600">{detail}</dd>}
    </div>
  );
}

const orderCount = (count: number) => `${count} ${count === 1 ? 'order' : 'orders'}`;

/** An inline SVG bar chart with a text alternative (the table below it) for screen readers. */
export function RevenueChart({ series }: { series: AdminDashboard['revenueSeries'] }) {
  const max = Math.max(1, ...series.map((day) => day.revenue));
  const width = 28 * series.length;
  const height = 120;
  return (
    <figure className="rounded-xl border border-brand-100 bg-white p-4 shadow-sm">
      <figcaption className="font-bold text-stone-900">Revenue, last 14 days</figcaption>
      <svg
        viewBox={`0 0 ${width} ${height + 20}`}
        className="mt-3 h-40 w-full"
        role="img"
        aria-label={`Revenue by day: ${series.map((day) => `${day.date} ${formatInr(day.revenue)}`).join(', ')}`}
      >
        {series.map((day, index) => {
          const barHeight = Math.round((day.revenue / max) * height);
          return (
            <g key={day.date}>
              <rect
                x={index * 28 + 4}
                y={height - barHeight}
                width={20}
                height={Math.max(barHeight, 1)}
                rx={3}
                className="fill-brand-500"
              >
                <title>{`${day.date}: ${formatInr(day.revenue)}, ${orderCount(day.orders)}`}</title>
              </rect>
              <text
                x={index * 28 + 14}
                y={height + 14}
                textAnchor="middle"
                className="fill-stone-500 text-[9px]"
              >
                {day.date.slice(8)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

/** Issue 26: the latest daily check of the money ledger against the payment provider's records. */
function MoneyCheck({ check }: { check: AdminDashboard['moneyCheck'] }) {
  return (
    <section className="rounded-xl border border-brand-100 bg-white p-4 shadow-sm">
      <h2 className="font-bold text-stone-900">Money check</h2>
      {!check ? (
        <p className="mt-2 text-stone-600">
          The ledger is compared with the payment provider once a day; the first check has not run yet.
        </p>
      ) : check.differences.length === 0 ? (
        <p className="mt-2 text-stone-600">
          The ledger agrees with the payment provider on {check.ordersChecked} orders (checked{' '}
          {formatDateTime(check.checkedAt)}).
        </p>
      ) : (
        <>
          <p role="status" className="mt-2 font-semibold text-red-700">
            {check.differences.length} of {check.ordersChecked} orders differ from the payment provider
            (checked {formatDateTime(check.checkedAt)}).
          </p>
          <ul className="mt-2 divide-y divide-stone-100 text-sm">
            {check.differences.map((difference) => (
              <li key={difference.orderId} className="flex flex-wrap justify-between gap-2 py-2">
                <Link
                  to={`/admin/orders/${difference.orderId}`}
                  className="font-semibold text-brand-700 underline"
                >
                  Order {difference.orderNumber}
                </Link>
                <span>
                  Ledger {formatInr(difference.ledger)} · provider {formatInr(difference.provider)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export function DashboardView({ dashboard }: { dashboard: AdminDashboard }) {
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure
          label="Today's revenue"
          value={formatInr(dashboard.today.revenue)}
          detail={orderCount(dashboard.today.orders)}
        />
        <Figure
          label="This month's revenue"
          value={formatInr(dashboard.month.revenue)}
          detail={orderCount(dashboard.month.orders)}
        />
        <Figure label="Pending payments" value={String(dashboard.pendingPayments)} />
        <Figure label="Low-stock products" value={String(dashboard.lowStock.length)} />
        <Figure
          label="Cart reminders (30 days)"
          value={String(dashboard.cartReminders.sent)}
          detail={`${dashboard.cartReminders.recovered} carts recovered`}
        />
      </dl>
      <RevenueChart series={dashboard.revenueSeries} />
      <MoneyCheck check={dashboard.moneyCheck} />
      <section className="rounded-xl border border-brand-100 bg-white p-4 shadow-sm">
        <h2 className="font-bold text-stone-900">Low stock (5 or fewer)</h2>
        {dashboard.lowStock.length === 0 ? (
          <p className="mt-2 text-stone-600">Every product has more than 5 in stock.</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-100">
            {dashboard.lowStock.map((product) => (
              <li key={product.id} className="flex items-center justify-between gap-2 py-2">
                <Link to={`/admin/products/${product.id}`} className="font-semibold text-brand-700 underline">
                  {product.name}
                </Link>
                <span className={product.stock === 0 ? 'font-bold text-red-700' : 'text-stone-700'}>
                  {product.stock} left
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
