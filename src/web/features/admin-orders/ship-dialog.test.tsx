import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ParcelSize } from '../../../shared/parcel';
import { ShipDialog } from './ship-dialog';

afterEach(cleanup);

function renderDialog(error: string | null = null) {
  const booked: ParcelSize[] = [];
  render(
    <ShipDialog
      orderNumber="RG-10042"
      proposedParcel={{ weightGrams: 600, lengthCm: 20, breadthCm: 15, heightCm: 20 }}
      isOpen
      isBooking={false}
      error={error}
      onClose={() => {}}
      onBook={(parcel) => booked.push(parcel)}
    />,
  );
  return booked;
}

const box = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('the Ship dialog', () => {
  it("starts from the products' parcel and books what the owner corrected", async () => {
    const booked = renderDialog();
    expect(
      ['Weight (g)', 'Length (cm)', 'Breadth (cm)', 'Height (cm)'].map((name) => box(name).value),
    ).toEqual(['600', '20', '15', '20']);
    const user = userEvent.setup();
    await user.clear(box('Weight (g)'));
    await user.type(box('Weight (g)'), '1750');
    await user.clear(box('Height (cm)'));
    await user.type(box('Height (cm)'), '14');
    await user.click(screen.getByRole('button', { name: 'Book the courier' }));
    await waitFor(() =>
      expect(booked).toEqual([{ weightGrams: 1750, lengthCm: 20, breadthCm: 15, heightCm: 14 }]),
    );
  });

  it('refuses an empty, fractional or oversized figure with the shared rule, and books nothing', async () => {
    const booked = renderDialog();
    const user = userEvent.setup();
    await user.clear(box('Weight (g)'));
    await user.clear(box('Length (cm)'));
    await user.type(box('Length (cm)'), '12.5');
    await user.clear(box('Height (cm)'));
    await user.type(box('Height (cm)'), '500');
    await user.click(screen.getByRole('button', { name: 'Book the courier' }));
    expect(await screen.findByText('Enter the weight in whole grams, 1 to 50,000')).toBeTruthy();
    expect(screen.getByText('Enter the length in whole centimetres, 1 to 200')).toBeTruthy();
    expect(screen.getByText('Enter the height in whole centimetres, 1 to 200')).toBeTruthy();
    expect(booked).toEqual([]);
  });

  it("shows the server's refusal", () => {
    renderDialog('Only a paid order that has not shipped yet can be shipped');
    expect(screen.getByText('Only a paid order that has not shipped yet can be shipped')).toBeTruthy();
  });
});
