import { expect, type Page } from '@playwright/test';

export type TypedAddress = {
  fullName: string;
  address: string;
  city: string;
  postalCode: string;
  phone: string;
  /** The State the pincode directory fills in; checked before saving when given. */
  state?: string;
};

/** Fills the open 'Add New Address' modal with the SPEC 2 fields, saves, and sees it selected. */
export async function saveNewAddress(page: Page, address: TypedAddress) {
  const addressForm = page.getByRole('dialog', { name: 'Add New Address' });
  await addressForm.getByLabel('Full Name').fill(address.fullName);
  await addressForm.getByLabel('Address').fill(address.address);
  await addressForm.getByLabel('City').fill(address.city);
  await addressForm.getByLabel('Postal Code').fill(address.postalCode);
  await addressForm.getByLabel('Phone Number').fill(address.phone);
  if (address.state) await expect(addressForm.getByLabel('State')).toHaveValue(address.state);
  await addressForm.getByRole('button', { name: 'Save Address' }).click();
  await expect(addressForm).toBeHidden();
  await expect(page.getByRole('radio', { name: new RegExp(address.fullName) })).toBeChecked();
}
