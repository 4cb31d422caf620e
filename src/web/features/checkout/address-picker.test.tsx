import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckoutAddress } from '../../../shared/address';
import { Modal } from '../../components/modal';
import { AddressPicker } from './address-picker';
import { CheckoutSubmit } from './checkout-submit';

const portBlair: CheckoutAddress = {
  id: 4,
  fullName: 'Asha Rao',
  address: '12, Aberdeen Bazaar',
  city: 'Port Blair',
  state: 'Andaman and Nicobar Islands',
  postalCode: '744101',
  phone: '9876543210',
  isDefault: true,
};

/**
 * Checkout as the page composes it: the picker, the submit with its red banner while the chosen
 * address cannot be delivered to, and the edit dialog the banner opens.
 */
function Checkout() {
  const [address, setAddress] = useState(portBlair);
  const [editing, setEditing] = useState(false);
  const undeliverable = address.postalCode.startsWith('744');
  return (
    <main>
      <h1>Checkout</h1>
      <AddressPicker
        addresses={[address]}
        selectedId={address.id}
        loading={false}
        errors={[]}
        undeliverableId={undeliverable ? address.id : null}
        onSelect={() => {}}
        onAdd={() => {}}
        onEdit={() => setEditing(true)}
        onRefresh={() => {}}
      />
      <CheckoutSubmit
        form="checkout"
        ready
        undeliverable={undeliverable ? { postalCode: address.postalCode, reason: 'Not served yet' } : null}
        onEditAddress={() => setEditing(true)}
      />
      <Modal isOpen={editing} onClose={() => setEditing(false)} title="Edit Address">
        <button
          type="button"
          onClick={() => {
            setAddress({ ...address, city: 'Bengaluru', postalCode: '560038', state: 'Karnataka' });
            setEditing(false);
          }}
        >
          Update Address
        </button>
      </Modal>
    </main>
  );
}

afterEach(cleanup);

describe('AddressPicker', () => {
  it('takes focus when the dialog the red "Edit address" banner opened leaves with the banner (WCAG 2.4.3)', async () => {
    const user = userEvent.setup();
    render(<Checkout />);
    await user.click(screen.getByRole('button', { name: 'Edit address' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Update Address' }));

    expect(screen.queryByRole('button', { name: 'Edit address' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Proceed to Payment' })).toHaveProperty('disabled', false);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Shipping Address' }));
  });

  it('holds the room of an address card while the addresses load (Core Web Vitals CLS)', () => {
    render(
      <AddressPicker
        addresses={[]}
        selectedId={null}
        loading
        errors={[]}
        onSelect={() => {}}
        onAdd={() => {}}
        onEdit={() => {}}
        onRefresh={() => {}}
      />,
    );
    const loading = screen.getByRole('status');
    expect(loading.textContent).toBe('Loading addresses...');
    expect(loading.nextElementSibling?.getAttribute('aria-hidden')).toBe('true');
  });
});
