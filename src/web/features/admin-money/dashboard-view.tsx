import { Link } from 'react-router';
import type { AdminDashboard } from '../../../shared/api/admin';
import { TOP_PRODUCT_DAYS } from '../../../shared/api/admin-rules';
import { formatIndiaDateTime, formatIndiaDay } from '../../../shared/india-time';
import { formatInr } from '../../../shared/money';
import { CART_RECOVERY_WINDOW_DAYS } from '../../../shared/notification-rules';

/**
 * A figure never breaks inside ("₹1,51,31 / 6" on a 360 px phone): it stays on one line, and a
 * rupee amount takes the whole row of a phone's two columns, so that crores fit too.
 */
const FIGURE_VALUE = 'mt-1 block whitespace-nowrap text-2xl font-extrabold tabular-nums text-stone-900';
const wideOnPhone = (value: string) => (value.startsWith('₹') ? 'col-span-2 sm:col-span-1' : '');

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className={`rounded-xl border border-brand-100 bg-white p-4 shadow-sm ${wideOnPhone(value)}`}>
      <dt className="text-sm font-semibold text-stone-600">{label}</dt>
      <dd className={FIGURE_VALUE}>{value}</dd>
      {detail && <dd className="text-sm text-stone-600">{detail}</dd>}
    </div>
  );
}

const orderCount = (count: number) => `${count} ${count === 1 ? 'order' : 'orders'}`;

/**
 * Revenue net of refunds by day, each day's value printed beside its bar (text a screen
 * reader reads and a phone shows, not a picture of bars), newest last.
 */
export function RevenueChart({ series }: { series: AdminDashboard['revenueSeries'] }) {
  const max = Math.max(1, ...series.map((day) => day.revenue));
  return (
    <figure className="rounded-xl border border-brand-100 bg-white p-4 shadow-sm">
      <figcaption className="font-bold text-stone-900">Revenue after refunds, last 14 days</figcaption>
      <ol className="mt-3 space-y-1">
        {series.map((day) => (
          <li
            key={day.date}
            className="grid grid-cols-[5.5rem_minmax(2rem,1fr)_auto] items-center gap-2 text-sm"
          >
            <span className="text-stone-700">{formatIndiaDay(day.date)}</span>
            <span aria-hidden="true" className="h-3 rounded bg-brand-50">
              <span
                className="block h-3 rounded bg-brand-500"
                style={{ width: `${Math.round((Math.max(day.revenue, 0) / max) * 100)}%` }}
              />
            </span>
            <span className="text-right tabular-nums">
              <span className="font-semibold text-stone-900">{formatInr(day.revenue)}</span>
              <span className="text-stone-600"> · {orderCount(day.orders)}</span>
            </span>
          </li>
        ))}
      </ol>
    </figure>
  );
}

/** What waits for the owner today, each linking to where it is done. */
function DayOfWork({ work }: { work: AdminDashboard['work'] }) {
  const items = [
    { label: 'Orders to ship', value: String(work.toShip), to: '/admin/orders?queue=ship-today' },
    { label: 'Returns to decide', value: String(work.returnsToDecide), to: '/admin/returns' },
    { label: 'Enquiries to answer', value: String(work.enquiriesToAnswer), to: '/admin/bulk-enquiries' },
    { label: 'Low-stock products', value: String(work.lowStock), to: '/admin/products' },
    // Decision 0076: null for a role without viewRevenue.
    ...(work.codToCollect === null
      ? []
      : [{ label: 'Cash on delivery to collect', value: formatInr(work.codToCollect), to: null }]),
    // Decision 0067: the courier's remittances against the cash it collected.
    ...(work.codRemitted === null || work.codWithCourier === null
      ? []
      : [
          {
            label:
              work.codOverdue > 0
                ? `COD cash with the courier (${work.codOverdue} overdue)`
                : 'COD cash with the courier',
            value: formatInr(work.codWithCourier),
            to: '/admin/orders?payment=cod',
          },
          { label: 'COD remitted, last 30 days', value: formatInr(work.codRemitted), to: null },
        ]),
    {
      label: 'Returned to origin (RTO), last 30 days',
      value: work.rtoRate === null ? '—' : `${work.rtoRate.toLocaleString('en-IN')}%`,
      to: null,
    },
  ];
  return (
    <section aria-labelledby="day-of-work" className="space-y-2">
      <h2 id="day-of-work" className="font-bold text-stone-900">
        Today's work
      </h2>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {items.map((item) => (
          <li
            key={item.label}
            className={`rounded-xl border border-brand-100 bg-white p-3 shadow-sm ${wideOnPhone(item.value)}`}
          >
            {item.to ? (
              <Link to={item.to} className="block text-sm font-semibold text-brand-700 underline">
                {item.label}
              </Link>
            ) : (
              <span className="block text-sm font-semibold text-stone-600">{item.label}</span>
            )}
            <span className={FIGURE_VALUE}>{item.value}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TopProducts({ products }: { products: AdminDashboard['topProducts'] }) {
  return (
    <section className="rounded-xl border border-brand-100 bg-white p-4 shadow-sm">
      <h2 className="font-bold text-stone-900">Top products, last {TOP_PRODUCT_DAYS} days</h2>
      {products.length === 0 ? (
        <p className="mt-2 text-stone-600">Nothing sold in the last {TOP_PRODUCT_DAYS} days.</p>
      ) : (
        <ol className="mt-2 divide-y divide-stone-100">
          {products.map((product) => (
            <li key={product.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <Link
                to={`/admin/products/${product.id}`}
                className="min-w-0 font-semibold text-brand-700 underline"
              >
                {product.name}
              </Link>
              <span className="text-stone-700">
                {product.units} sold{product.revenue === null ? '' : ` · ${formatInr(product.revenue)}`}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The latest daily check of the money ledger against the payment provider's records. */
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
          {formatIndiaDateTime(check.checkedAt)}).
        </p>
      ) : (
        <>
          <p role="status" className="mt-2 font-semibold text-red-700">
            {check.differences.length} of {check.ordersChecked} orders differ from the payment provider
            (checked {formatIndiaDateTime(check.checkedAt)}).
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
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        {dashboard.today.revenue === null || dashboard.month.revenue === null ? (
          <>
            <Figure label="Today's orders" value={String(dashboard.today.orders)} />
            <Figure label="This month's orders" value={String(dashboard.month.orders)} />
          </>
        ) : (
          <>
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
          </>
        )}
        <Figure label="Pending payments" value={String(dashboard.pendingPayments)} />
        <Figure label="Low-stock products" value={String(dashboard.lowStock.length)} />
        <Figure
          label="Cart reminders (30 days)"
          value={String(dashboard.cartReminders.sent)}
          detail={`${dashboard.cartReminders.recovered} carts recovered (link opened, then paid within ${CART_RECOVERY_WINDOW_DAYS} days)`}
        />
      </dl>
      <DayOfWork work={dashboard.work} />
      {dashboard.showsMoney && <RevenueChart series={dashboard.revenueSeries} />}
      <TopProducts products={dashboard.topProducts} />
      {dashboard.showsMoney && <MoneyCheck check={dashboard.moneyCheck} />}
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
