import { describe, expect, it } from 'vitest';
import {
  AddressInput,
  addressFormToInput,
  addressInputToForm,
  isCompleteAddress,
  SavedAddress,
  ShippingAddress,
  savedAddressToForm,
  validateAddressForm,
} from './address';

const messagesOf = (result: { error?: { issues: { message: string }[] } | undefined }) =>
  result.error?.issues.map((issue) => issue.message);

const sent = {
  fullName: 'Priya Sharma',
  addressLine1: '12, 4th Cross, Indiranagar',
  city: 'Bengaluru',
  postalCode: '560038',
  phone: '98765 43210',
};

describe('AddressInput (SPEC 3 address as sent, SPEC 5 messages)', () => {
  it('fills the defaults and keeps the phone as its 10 digits', () => {
    expect(AddressInput.parse(sent)).toEqual({
      fullName: 'Priya Sharma',
      addressLine1: '12, 4th Cross, Indiranagar',
      addressLine2: '',
      city: 'Bengaluru',
      state: '',
      postalCode: '560038',
      phone: '9876543210',
      country: 'India',
      isDefault: false,
      addressType: 'home',
    });
  });

  it('trims the fields', () => {
    expect(AddressInput.parse({ ...sent, fullName: '  Priya Sharma ', city: ' Bengaluru ' })).toMatchObject({
      fullName: 'Priya Sharma',
      city: 'Bengaluru',
    });
  });

  it('treats blank fields as missing', () => {
    const blank = { fullName: ' ', addressLine1: '', city: '  ', postalCode: ' ', phone: '' };
    expect(messagesOf(AddressInput.safeParse(blank))).toEqual([
      'Full name is required',
      'Address is required',
      'City is required',
      'Postal code is required',
      'Phone number is required',
    ]);
  });

  it('reports missing fields with the same messages', () => {
    expect(messagesOf(AddressInput.safeParse({}))).toEqual([
      'Full name is required',
      'Address is required',
      'City is required',
      'Postal code is required',
      'Phone number is required',
    ]);
  });

  it('needs a 6-digit postal code and a 10-digit phone', () => {
    expect(messagesOf(AddressInput.safeParse({ ...sent, postalCode: '56003', phone: '98765 4321' }))).toEqual(
      ['Postal code must be 6 digits', 'Phone number must be 10 digits'],
    );
  });

  it('limits the length of a name with a readable message', () => {
    expect(messagesOf(AddressInput.safeParse({ ...sent, fullName: 'a'.repeat(101) }))).toEqual([
      'Full name must be at most 100 characters',
    ]);
  });

  it('refuses an overlong postal code or phone with their own messages, once', () => {
    expect(
      messagesOf(AddressInput.safeParse({ ...sent, postalCode: '5'.repeat(300), phone: '9-'.repeat(300) })),
    ).toEqual(['Postal code must be 6 digits', 'Phone number must be 10 digits']);
  });
});

describe('validateAddressForm (SPEC 5 address modal)', () => {
  const form = {
    fullName: 'Priya Sharma',
    address: '12, 4th Cross, Indiranagar',
    city: 'Bengaluru',
    postalCode: '560038',
    phone: '9876543210',
  };

  it('accepts a complete form', () => {
    expect(validateAddressForm(form)).toBeNull();
    expect(isCompleteAddress(form)).toBe(true);
  });

  it('asks for every field first', () => {
    expect(validateAddressForm({ ...form, city: '  ', phone: '123' })).toBe(
      'Please fill in all required fields',
    );
  });

  it('then checks the phone', () => {
    expect(validateAddressForm({ ...form, phone: '98765', postalCode: '56' })).toBe(
      'Please enter a valid 10-digit phone number',
    );
  });

  it('accepts a phone typed with separators', () => {
    expect(validateAddressForm({ ...form, phone: '98765-43210' })).toBeNull();
  });

  it('then checks the postal code', () => {
    expect(validateAddressForm({ ...form, postalCode: '56003a' })).toBe(
      'Please enter a valid 6-digit postal code',
    );
  });

  it('treats no address as incomplete', () => {
    expect(isCompleteAddress(null)).toBe(false);
    expect(isCompleteAddress({ ...form, fullName: '' })).toBe(false);
  });

  it('validates and tidies an order shipping address the same way', () => {
    expect(ShippingAddress.parse({ ...form, fullName: ' Priya Sharma ', phone: '98765 43210' })).toEqual(
      form,
    );
    expect(messagesOf(ShippingAddress.safeParse({ ...form, postalCode: '' }))).toEqual([
      'Please fill in all required fields',
    ]);
  });

  it("holds an order's shipping address to the saved address's limits, naming the field", () => {
    const result = ShippingAddress.safeParse({ ...form, fullName: 'a'.repeat(300_000) });
    expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['fullName'], message: 'Full name must be at most 100 characters' },
    ]);
    expect(messagesOf(ShippingAddress.safeParse({ ...form, city: 'c'.repeat(101) }))).toEqual([
      'City must be at most 100 characters',
    ]);
    expect(messagesOf(ShippingAddress.safeParse({ ...form, phone: '9 '.repeat(20) }))).toEqual([
      'Please enter a valid 10-digit phone number',
    ]);
  });

  it('takes a saved address with both lines at their longest, as checkout joins them', () => {
    const saved = AddressInput.parse({
      ...sent,
      addressLine1: 'a'.repeat(200),
      addressLine2: 'b'.repeat(200),
    });
    const { address } = addressInputToForm(saved);
    expect(ShippingAddress.parse({ ...form, address }).address).toBe(address);
    expect(messagesOf(ShippingAddress.safeParse({ ...form, address: `${address}c` }))).toEqual([
      'Address must be at most 402 characters',
    ]);
  });
});

describe('address shape converters (SPEC 3)', () => {
  const form = {
    fullName: 'Rahul Kumar ',
    address: 'Flat 7B, Sea View Apartments',
    city: 'Mumbai',
    postalCode: '400050',
    phone: '(98200) 12345',
  };

  it('turns the checkout form into the body the server takes', () => {
    const input = addressFormToInput(form, true);
    expect(input).toEqual({
      fullName: 'Rahul Kumar',
      addressLine1: 'Flat 7B, Sea View Apartments',
      addressLine2: '',
      city: 'Mumbai',
      state: '',
      postalCode: '400050',
      phone: '9820012345',
      country: 'India',
      isDefault: true,
      addressType: 'home',
    });
    expect(AddressInput.parse(input)).toEqual(input);
  });

  it('turns the sent shape back into the form, keeping a second line', () => {
    const input = AddressInput.parse({ ...sent, addressLine2: 'Near Metro Station' });
    expect(addressInputToForm(input)).toEqual({
      fullName: 'Priya Sharma',
      address: '12, 4th Cross, Indiranagar, Near Metro Station',
      city: 'Bengaluru',
      postalCode: '560038',
      phone: '9876543210',
    });
  });

  it('turns a saved address read back in snake_case into the form shape', () => {
    const saved = SavedAddress.parse({
      id: 31,
      full_name: 'Priya Sharma',
      address_line_1: '12, 4th Cross, Indiranagar',
      address_line_2: '',
      city: 'Bengaluru',
      state: 'Karnataka',
      postal_code: '560038',
      country: 'India',
      phone: '9876543210',
      is_default: true,
      address_type: 'home',
    });
    expect(savedAddressToForm(saved)).toEqual({
      id: 31,
      fullName: 'Priya Sharma',
      address: '12, 4th Cross, Indiranagar',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560038',
      phone: '9876543210',
      isDefault: true,
    });
  });

  it('carries a State from the form to the saved address and back, and leaves a blank one out', () => {
    const input = addressFormToInput({ ...form, state: ' Maharashtra ' });
    expect(input.state).toBe('Maharashtra');
    expect(addressInputToForm(input).state).toBe('Maharashtra');
    expect(addressInputToForm(addressFormToInput({ ...form, state: '  ' }))).not.toHaveProperty('state');
  });

  it("keeps the State in an order's shipping address, and an address without one as it was", () => {
    const address = { ...form, phone: '+91 98200 12345' };
    expect(ShippingAddress.parse({ ...address, state: 'Maharashtra' })).toMatchObject({
      state: 'Maharashtra',
      phone: '9820012345',
    });
    expect(ShippingAddress.parse(address)).not.toHaveProperty('state');
  });
});
