import { describe, expect, it } from 'vitest';
import { AddressInput, ShippingAddress, validateAddressForm } from './address';
import { BulkEnquiryInput } from './api/bulk-enquiries';
import { isValidPhone, normalisePhone, PHONE_INPUT_MAX } from './phone';

// The ways shoppers in India type one mobile number.
const TYPED_AS_INDIANS_DO = [
  '9876543210',
  '98765 43210',
  '98765-43210',
  '+91 98765 43210',
  '+91-98765-43210',
  '+919876543210',
  '91 98765 43210',
  '919876543210',
  '098765-43210',
  '098765 43210',
  '09876543210',
  '0091 98765 43210',
  '+91 098765 43210',
  '(98765) 43210',
  ' 98765 43210 ',
];

describe('normalisePhone and isValidPhone', () => {
  it.each(TYPED_AS_INDIANS_DO)('reads %j as 9876543210', (typed) => {
    expect(isValidPhone(typed)).toBe(true);
    expect(normalisePhone(typed)).toBe('9876543210');
  });

  it('keeps a mobile whose own digits begin with 91 or 0-free 9s whole', () => {
    expect(normalisePhone('91234 56789')).toBe('9123456789');
    expect(normalisePhone('+91 91234 56789')).toBe('9123456789');
    expect(isValidPhone('9123456789')).toBe(true);
  });

  it.each([
    ['98765 4321', 'nine digits'],
    ['98765 432100', 'eleven digits without a prefix'],
    ['12345 67890', 'a number starting 1'],
    ['58765 43210', 'a number starting 5'],
    ['+91 58765 43210', '+91 before a number starting 5'],
    ['0123456789', 'a trunk 0 before nine digits'],
    ['+44 7911 123456', 'a foreign number'],
    ['', 'nothing'],
    ['phone', 'no digits'],
  ])('refuses %j (%s)', (typed) => {
    expect(isValidPhone(typed)).toBe(false);
  });

  it('gives back the bare digits of what is not a mobile number', () => {
    expect(normalisePhone('98765 4321')).toBe('987654321');
    expect(normalisePhone('+44 7911 123456')).toBe('447911123456');
  });

  it('leaves room in a field for the longest usual way of typing a number', () => {
    expect('0091 98765-43210'.length).toBeLessThanOrEqual(PHONE_INPUT_MAX);
    expect('+91 (98765) 43210'.length).toBeLessThanOrEqual(PHONE_INPUT_MAX);
  });
});

describe('every phone field uses the rule', () => {
  const address = {
    fullName: 'Priya Sharma',
    addressLine1: '12, 4th Cross, Indiranagar',
    city: 'Bengaluru',
    postalCode: '560038',
  };
  const form = {
    fullName: 'Priya Sharma',
    address: '12, 4th Cross',
    city: 'Bengaluru',
    postalCode: '560038',
  };

  it.each(['+91 98765 43210', '098765-43210', '98765 43210'])(
    'a saved address stores %j as 10 digits',
    (phone) => {
      expect(AddressInput.parse({ ...address, phone }).phone).toBe('9876543210');
    },
  );

  it.each(['+91 98765 43210', '098765-43210'])(
    "an order's shipping address stores %j as 10 digits",
    (phone) => {
      expect(validateAddressForm({ ...form, phone })).toBeNull();
      expect(ShippingAddress.parse({ ...form, phone }).phone).toBe('9876543210');
    },
  );

  it('a bulk enquiry stores +91 98765 43210 as 10 digits', () => {
    const enquiry = BulkEnquiryInput.parse({
      occasion: 'Diwali',
      productsOrBudget: 'Sweet boxes, ₹500 each',
      quantity: 50,
      neededBy: '2027-10-20',
      name: 'Rahul Mehta',
      phone: '+91 98765 43210',
      email: 'rahul@example.in',
    });
    expect(enquiry.phone).toBe('9876543210');
  });

  it("keeps SPEC 5's messages for a number that is not a mobile", () => {
    expect(AddressInput.safeParse({ ...address, phone: '12345 67890' }).error?.issues[0]?.message).toBe(
      'Phone number must be 10 digits',
    );
    expect(validateAddressForm({ ...form, phone: '+91 58765 43210' })).toBe(
      'Please enter a valid 10-digit phone number',
    );
  });
});
