import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderItemRecord } from '../../../shared/api/orders';
import type { StaffRole } from '../../../shared/staff-roles';
import { StaffRoleProvider } from '../../components/admin/staff-permission';
import { OrderLineRemoval } from './order-line-removal';

afterEach(cleanup);

const potlis: OrderItemRecord = {
  lineId: 11,
  product: { id: 3, name: 'Potli Bag', image: '', inStock: true, allowPreOrder: false, addOnKind: null },
  quantity: 6,
  price: 250,
  isPreOrder: false,
  returnedQuantity: 0,
  personalisation: null,
};

const renderAs = (role: StaffRole) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <StaffRoleProvider value={role}>
        <OrderLineRemoval orderId="o1" item={potlis} cashOnDelivery={false} />
      </StaffRoleProvider>
    </QueryClientProvider>,
  );

describe('removing a line, a refund (decision 0076)', () => {
  it('is offered to the owner and accounts, not to the orders desk', () => {
    const offered = (['owner', 'accounts', 'orders', 'catalogue'] as const).map((role) => {
      renderAs(role);
      const shown = screen.queryByRole('button', { name: 'Remove 6 x Potli Bag from the order' }) !== null;
      cleanup();
      return [role, shown];
    });
    expect(offered).toEqual([
      ['owner', true],
      ['accounts', true],
      ['orders', false],
      ['catalogue', false],
    ]);
  });
});
