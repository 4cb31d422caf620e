import { addressWithLandmark } from '../../shared/address-rules';
import type { AcceptGiftLinkPayload } from '../../shared/api/gift-links';
import type { DeliveryChoice } from '../../shared/delivery-dates';

// Decision 0081: a gift's delivery address as typed (pincode first, a landmark, the name and phone
// of whoever takes it), and what of it is sent. Zod-free: the forms load with their pages, and
// their checks run the server's schemas on what these functions send (decision 0088).

/** A gift's delivery address as typed: pincode first, a landmark, the recipient's name and phone. */
export type AddressFields = {
  postalCode: string;
  address: string;
  landmark: string;
  city: string;
  state: string;
  fullName: string;
  phone: string;
};

export const emptyAddress = (fullName = ''): AddressFields => ({
  postalCode: '',
  address: '',
  landmark: '',
  city: '',
  state: '',
  fullName,
  phone: '',
});

/** The address as the API takes it, the landmark folded in as the gift link's answer is. */
export const shippingAddressOf = (fields: AddressFields) => ({
  ...addressSent(fields),
  address: addressWithLandmark(fields.address, fields.landmark),
});

const addressSent = (fields: AddressFields): AcceptGiftLinkPayload['address'] => ({
  fullName: fields.fullName,
  address: fields.address,
  city: fields.city,
  ...(fields.state ? { state: fields.state } : {}),
  postalCode: fields.postalCode,
  phone: fields.phone,
});

/** The gift link's answer as typed: the address, and the day and slot picked from those offered. */
export type GiftAddressValues = { address: AddressFields; delivery: DeliveryChoice | null };

/** The gift link's answer but its delivery: the address, and the landmark apart, as the link takes it. */
export const giftAddressSent = ({ address }: { address: AddressFields }) => ({
  address: addressSent(address),
  ...(address.landmark ? { landmark: address.landmark } : {}),
});
