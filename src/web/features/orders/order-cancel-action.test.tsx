import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../../shared/api/orders';
import { testOrder } from '../../testing/order-fixtures';
import { OrderCancelAction } from './order-cancel-action';

afterEach(cleanup);

const renderAction = (order: OrderRecord) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OrderCancelAction order={order} />
    </QueryClientProvider>,
  );

describe("the shopper's own cancellation (decisions 0042 and 0051)", () => {
  it('offers an order paid online until it is packed, saying the whole amount goes back at once', async () => {
    renderAction(testOrder({ status: 'processing' }));
    expect(screen.getByText('Changed your mind? You can cancel this order until it is packed.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order RG-10431' }));
    expect(
      screen.getByText(
        '₹950 goes back to your original payment method at once. Refunds usually reach your account in 5-7 working days.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Keep order' })).toBeTruthy();
  });

  it.each(['packed', 'shipped', 'cancelled'])('offers nothing for a paid order that is %s', (status) => {
    renderAction(testOrder({ status }));
    expect(screen.queryByRole('button', { name: /Cancel order/ })).toBeNull();
  });

  it('offers a cash on delivery order until the courier picks it up, with nothing to refund', async () => {
    renderAction(
      testOrder({
        status: 'packed',
        paidAt: null,
        cashOnDelivery: { fee: 49, toCollect: 999, collected: false },
      }),
    );
    expect(
      screen.getByText('Changed your mind? You can cancel this order until the courier picks it up.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order RG-10431' }));
    expect(
      screen.getByText('Nothing has been paid, so there is nothing to refund. Its items go back on sale.'),
    ).toBeTruthy();
  });
});
