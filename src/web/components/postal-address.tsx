import { type AddressForm, cityAndState } from '../../shared/address-rules';

/** A delivery address as the store prints it: name, street, "city, State - pincode", phone. */
export function PostalAddress({ address, className = '' }: { address: AddressForm; className?: string }) {
  return (
    <address className={`text-sm text-stone-800 not-italic ${className}`}>
      <span className="block font-semibold text-stone-900">{address.fullName}</span>
      <span className="block whitespace-pre-line">{address.address}</span>
      <span className="block">
        {cityAndState(address)} - {address.postalCode}
      </span>
      <span className="block">Phone: {address.phone}</span>
    </address>
  );
}
