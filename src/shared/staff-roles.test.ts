import { describe, expect, it } from 'vitest';
import { may, ROLE_PERMISSIONS, STAFF_PERMISSIONS, STAFF_ROLES, statusChangeNeeds } from './staff-roles';

/**
 * Decision 0076's role presets written out by hand, one row a permission (x: the role holds it),
 * not read from ROLE_PERMISSIONS, so a preset that gains or loses a permission fails here until
 * this table says so too. The owner holds everything; money stays with the owner and accounts;
 * the orders desk ships and prints; the catalogue desk never sees an order.
 */
const PRESETS = `
                   owner  orders  catalogue  accounts
  viewOrders         x      x                   x
  ship               x      x
  print              x      x                   x
  markReceived       x      x
  serveCustomers     x      x
  editCatalogue      x              x
  changePrices       x              x
  coupons            x
  viewRevenue        x                          x
  recordPayments     x                          x
  refund             x                          x
  cancelWithRefund   x                          x
  exportCustomers    x                          x
  settings           x
  staff              x
`;

/** The table as 'role permission' pairs, read by column position under the header's names. */
function heldInTable(): string[] {
  const [header = '', ...rows] = PRESETS.split('\n').filter((line) => line.trim() !== '');
  const columns = ['owner', 'orders', 'catalogue', 'accounts'].map((role) => ({
    role,
    at: header.indexOf(role),
    width: role.length,
  }));
  return rows.flatMap((row) => {
    const permission = row.trim().split(/\s+/)[0] ?? '';
    return columns
      .filter(({ at, width }) => row.slice(at, at + width).includes('x'))
      .map(({ role }) => `${role} ${permission}`);
  });
}

describe('the staff role presets (decision 0076)', () => {
  it('read the literal table as 15 permissions, 29 of the 60 cells granted', () => {
    const held = heldInTable();
    expect(held).toHaveLength(15 + 5 + 2 + 7);
    expect(held.filter((pair) => pair.startsWith('catalogue '))).toEqual([
      'catalogue editCatalogue',
      'catalogue changePrices',
    ]);
  });

  it('give each role exactly the permissions the table marks', () => {
    const granted = STAFF_ROLES.flatMap((role) =>
      STAFF_PERMISSIONS.filter((permission) => may(role, permission)).map(
        (permission) => `${role} ${permission}`,
      ),
    );
    expect(granted.sort()).toEqual(heldInTable().sort());
    // The presets hold nothing the permission list does not name.
    expect(
      Object.values(ROLE_PERMISSIONS)
        .flat()
        .filter((permission) => !STAFF_PERMISSIONS.includes(permission)),
    ).toEqual([]);
  });

  it('grant nothing to someone who is not staff', () => {
    expect(
      STAFF_PERMISSIONS.filter((permission) => may(null, permission) || may(undefined, permission)),
    ).toEqual([]);
  });
});

describe('what a change of status needs (decision 0076)', () => {
  it.each([
    ['paid', 0, 'recordPayments'],
    ['paid', 1_19_900, 'recordPayments'],
    ['cancelled', 1, 'cancelWithRefund'],
    ['cancelled', 1_19_900, 'cancelWithRefund'],
    ['cancelled', 0, 'ship'],
    ['confirmed', 1_19_900, 'ship'],
    ['packed', 0, 'ship'],
    ['shipped', 1_19_900, 'ship'],
    ['delivered', 0, 'ship'],
  ] as const)('to %s with %i paise refundable needs %s', (to, refundablePaise, needs) => {
    expect(statusChangeNeeds(to, refundablePaise)).toBe(needs);
  });
});
