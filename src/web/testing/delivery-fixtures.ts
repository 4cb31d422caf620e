import type { DeliveryInfo } from '../../shared/delivery';

/** A pincode check of central Bengaluru (560001), as the server answers it before 2 PM. */
export const BANGALORE_DELIVERY: DeliveryInfo = {
  serviceable: true,
  days: 'Today',
  message: 'Same-day delivery on orders before 2 PM',
  type: 'same_day',
  fastDelivery: true,
  city: 'Bengaluru',
  isPreOrder: false,
  shipping: { cost: 50, free: false, message: '₹50 shipping charge' },
};

/** A pincode check of a pincode the store does not deliver to (Port Blair, 744301). */
export const UNSERVED_DELIVERY: DeliveryInfo = {
  ...BANGALORE_DELIVERY,
  serviceable: false,
  days: 'N/A',
  message: "Sorry, we don't deliver to this pincode yet",
  type: 'standard',
  fastDelivery: false,
  city: 'South Andaman',
  shipping: { cost: 0, free: false, message: 'Delivery not available' },
};
