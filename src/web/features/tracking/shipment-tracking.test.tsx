import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ShipmentTracking } from './shipment-tracking';

afterEach(cleanup);

const order = {
  number: 'RG-10042',
  status: 'out_for_delivery',
  courier: 'Utsav Sandbox Express',
  awb: 'SBX000042123',
  expectedDelivery: '2031-03-13',
  events: [
    {
      kind: 'picked_up',
      label: 'Picked up',
      activity: 'Shipment picked up',
      location: 'Bengaluru',
      at: '2031-03-10T08:30:00.000Z',
    },
    {
      kind: 'out_for_delivery',
      label: 'Out for delivery',
      activity: 'Out for delivery',
      location: 'New Delhi',
      at: '2031-03-13T03:45:00.000Z',
    },
  ],
};

describe('ShipmentTracking', () => {
  it('shows the courier, AWB, expected date and the scans newest first in India time', () => {
    render(<ShipmentTracking order={order} showStatus />);
    expect(screen.getByText('Utsav Sandbox Express')).toBeTruthy();
    expect(screen.getByText('SBX000042123')).toBeTruthy();
    expect(screen.getByText('Out for Delivery')).toBeTruthy();
    expect(screen.getByText('Thu, 13 Mar')).toBeTruthy();
    const scans = within(screen.getByRole('list', { name: 'Tracking updates' })).getAllByRole('listitem');
    expect(scans.map((scan) => scan.textContent)).toEqual([
      'Out for deliveryNew Delhi · 13 Mar 2031, 9:15 am',
      'Picked upShipment picked upBengaluru · 10 Mar 2031, 2:00 pm',
    ]);
  });

  it('says when the courier has not scanned the parcel yet', () => {
    render(<ShipmentTracking order={{ ...order, events: [] }} />);
    expect(screen.getByText('The courier has not scanned the parcel yet.')).toBeTruthy();
  });

  it('says the order has not been handed to the courier only while it has not shipped', () => {
    const byHand = { ...order, courier: null, awb: null, expectedDelivery: null, events: [] };
    render(<ShipmentTracking order={{ ...byHand, status: 'packed' }} showStatus />);
    expect(screen.getByText('Your order has not been handed to the courier yet.')).toBeTruthy();
    cleanup();

    // The store moved the order on without a courier booking: the status stands alone.
    for (const [status, label] of [
      ['shipped', 'Shipped'],
      ['out_for_delivery', 'Out for Delivery'],
      ['delivered', 'Delivered'],
    ] as const) {
      const { container } = render(<ShipmentTracking order={{ ...byHand, status }} showStatus />);
      expect(screen.getByText(label)).toBeTruthy();
      expect(container.textContent).toBe(`Status${label}`);
      cleanup();
    }
  });

  it('does not say the courier has yet to scan a parcel that was delivered', () => {
    const { container } = render(
      <ShipmentTracking order={{ ...order, status: 'delivered', events: [] }} showStatus />,
    );
    expect(screen.getByText('Delivered')).toBeTruthy();
    expect(container.textContent).not.toContain('courier has not');
  });
});
