import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminDashboard } from '../../../shared/api/admin';
import { DashboardView } from './dashboard-view';

const dashboard: AdminDashboard = {
  showsMoney: true,
  today: { orders: 2, revenue: 2696 },
  month: { orders: 40, revenue: 53_920 },
  pendingPayments: 1,
  lowStock: [],
  work: {
    toShip: 3,
    returnsToDecide: 0,
    enquiriesToAnswer: 1,
    lowStock: 0,
    codToCollect: 0,
    codRemitted: 0,
    codWithCourier: 0,
    codOverdue: 0,
    rtoRate: null,
  },
  topProducts: [],
  revenueSeries: [],
  moneyCheck: null,
  cartReminders: { sent: 12, recovered: 5 },
};

function renderDashboard(data: AdminDashboard) {
  const router = createMemoryRouter([{ path: '/admin', element: <DashboardView dashboard={data} /> }], {
    initialEntries: ['/admin'],
  });
  render(<RouterProvider router={router} />);
}

/** A figure's term and the values that describe it, as the description list reads them. */
const figure = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  const values: string[] = [];
  for (let next = term.nextElementSibling; next?.tagName === 'DD'; next = next.nextElementSibling) {
    values.push(next.textContent ?? '');
  }
  return values;
};

afterEach(cleanup);

describe('the dashboard (carts that come back)', () => {
  it('shows the cart reminders sent in 30 days and the carts they recovered', () => {
    renderDashboard(dashboard);
    expect(figure('Cart reminders (30 days)')).toEqual([
      '12',
      '5 carts recovered (link opened, then paid within 7 days)',
    ]);
  });

  it('shows none sent as 0, not as an empty figure', () => {
    renderDashboard({ ...dashboard, cartReminders: { sent: 0, recovered: 0 } });
    expect(figure('Cart reminders (30 days)')).toEqual([
      '0',
      '0 carts recovered (link opened, then paid within 7 days)',
    ]);
  });
});

describe('the dashboard (decision 0042: cash on delivery and returns to origin)', () => {
  it('shows the cash to collect, the cash remitted and the RTO rate, or a dash before any shipment', () => {
    renderDashboard({
      ...dashboard,
      work: {
        ...dashboard.work,
        codToCollect: 2098,
        codRemitted: 1_04_900,
        codWithCourier: 998,
        codOverdue: 1,
        rtoRate: 12.5,
      },
    });
    const tile = (label: string) => screen.getByText(label).parentElement?.textContent;
    expect(tile('Cash on delivery to collect')).toBe('Cash on delivery to collect₹2,098');
    expect(tile('COD remitted, last 30 days')).toBe('COD remitted, last 30 days₹1,04,900');
    // Decision 0067: what the courier still holds, and how much of it is past its cycle.
    expect(tile('COD cash with the courier (1 overdue)')).toBe('COD cash with the courier (1 overdue)₹998');
    expect(tile('Returned to origin (RTO), last 30 days')).toBe(
      'Returned to origin (RTO), last 30 days12.5%',
    );
    cleanup();
    renderDashboard(dashboard);
    expect(tile('Returned to origin (RTO), last 30 days')).toBe('Returned to origin (RTO), last 30 days—');
  });
});

describe('the dashboard (decision 0054: money only for roles that may see it)', () => {
  it('shows a desk without money its order counts and no revenue, chart, cash remitted or money check', () => {
    renderDashboard({
      ...dashboard,
      showsMoney: false,
      today: { orders: 2, revenue: null },
      month: { orders: 40, revenue: null },
      work: { ...dashboard.work, codRemitted: null, codWithCourier: null },
      topProducts: [{ id: 1, name: 'Brass Diya Set', units: 3, revenue: null }],
    });
    expect(figure("Today's orders")).toEqual(['2']);
    expect(figure("This month's orders")).toEqual(['40']);
    expect(screen.queryByText(/revenue/i)).toBeNull();
    expect(screen.queryByText('COD remitted, last 30 days')).toBeNull();
    expect(screen.queryByText('Money check')).toBeNull();
    expect(screen.getByText('3 sold')).toBeTruthy();
  });
});
