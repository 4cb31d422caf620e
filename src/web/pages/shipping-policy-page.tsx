import { Link } from 'react-router';
import { STANDARD_DAYS_BY_DISTANCE } from '../../shared/delivery-rules';
import { DELIVERY_DATE_CHOICES, DELIVERY_SLOTS } from '../../shared/delivery-slot-rules';
import { SAME_DAY_CUTOFF_HOUR_IST } from '../../shared/india-time';
import { formatInr } from '../../shared/money';
import { DEFAULT_DELIVERY, PRE_ORDER_DAYS_CHECKOUT, PRE_ORDER_DAYS_PRODUCT_PAGE } from '../../shared/pincode';
import { POLICY_PAGES } from '../../shared/policy-pages';
import { storeSettings } from '../app-data';
import { PolicyArticle, PolicySection } from '../components/policy-article';

const linkClass = 'font-semibold text-brand-800 underline';

/** 14 → '2 PM': the cut-off as the store says it elsewhere ('orders before 2 PM'). */
const clockHour = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;

/** 'Up to 1,000 km', '1,000 to 2,000 km', 'Farther': the distance bands of the delivery engine. */
function distanceBands() {
  const km = (value: number) => `${value.toLocaleString('en-IN')} km`;
  return STANDARD_DAYS_BY_DISTANCE.map((band, index) => {
    const from = STANDARD_DAYS_BY_DISTANCE[index - 1]?.upToKm;
    const label = Number.isFinite(band.upToKm)
      ? from === undefined
        ? `Up to ${km(band.upToKm)}`
        : `${km(from)} to ${km(band.upToKm)}`
      : `Farther than ${km(from ?? 0)}`;
    return { label, days: band.days };
  });
}

/**
 * Where and how fast the store delivers, from the delivery engine's own rules and the
 * configured city, radius and fees, so the page never disagrees with checkout.
 */
export function ShippingPolicyPage() {
  const { sameDayCity, nextDayRadiusKm, freeShippingFrom, shippingFee, midnightSlotFee } = storeSettings;
  const cutoff = clockHour(SAME_DAY_CUTOFF_HOUR_IST);
  return (
    <PolicyArticle page={POLICY_PAGES.shipping}>
      <p>
        We deliver across India from {sameDayCity}. Check your pincode on any product page, or with the
        delivery location at the top of the page, to see the delivery time and shipping charge for your
        address.
      </p>
      <PolicySection title="Pincodes we serve">
        <p>
          We deliver to the pincodes in India Post's directory. A few remote areas are not served yet; for
          those the pincode check says so before you order, and checkout will not take an address there.
        </p>
      </PolicySection>
      <PolicySection title="How long delivery takes">
        <div className="overflow-x-auto">
          <table className="w-full text-left">
            <caption className="sr-only">Delivery time by where you are</caption>
            <thead>
              <tr className="border-b border-brand-100">
                <th scope="col" className="py-1 pr-3">
                  Where
                </th>
                <th scope="col" className="py-1">
                  Delivery
                </th>
              </tr>
            </thead>
            <tbody>
              <tr className="border-b border-brand-50">
                <td className="py-1 pr-3">{sameDayCity}</td>
                <td className="py-1">
                  Same day on orders placed before {cutoff} India time; next day after that
                </td>
              </tr>
              <tr className="border-b border-brand-50">
                <td className="py-1 pr-3">
                  Within {nextDayRadiusKm.toLocaleString('en-IN')} km of {sameDayCity}
                </td>
                <td className="py-1">Next day</td>
              </tr>
              {distanceBands().map((band) => (
                <tr key={band.label} className="border-b border-brand-50">
                  <td className="py-1 pr-3">{band.label}</td>
                  <td className="py-1">{band.days}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>Where we cannot tell the distance, allow {DEFAULT_DELIVERY.days.toLowerCase()}.</p>
      </PolicySection>
      <PolicySection title="Choosing a delivery day and slot">
        <ul>
          <li>
            At checkout you can choose a delivery day among the next {DELIVERY_DATE_CHOICES} days we can
            deliver on.
          </li>
          <li>{DELIVERY_SLOTS.standard}: no extra charge.</li>
          <li>
            {DELIVERY_SLOTS.midnight}: for surprises at midnight, at pincodes with same-day delivery in{' '}
            {sameDayCity}, for {formatInr(midnightSlotFee)} extra.
          </li>
        </ul>
      </PolicySection>
      <PolicySection title="Shipping charges">
        <ul>
          <li>Free shipping on orders of {formatInr(freeShippingFrom)} or more.</li>
          <li>
            Below that, a shipping charge of {formatInr(shippingFee)}. Checkout shows the exact amount for
            your cart and pincode before you pay.
          </li>
        </ul>
      </PolicySection>
      <PolicySection title="Pre-order items">
        <p>
          Items marked Pre-Order are made or restocked for you and are delivered in{' '}
          {PRE_ORDER_DAYS_PRODUCT_PAGE.toLowerCase()}; an order that includes them is delivered together, in{' '}
          {PRE_ORDER_DAYS_CHECKOUT}. A delivery day cannot be chosen for pre-orders.
        </p>
      </PolicySection>
      <PolicySection title="Following your order">
        <p>
          <Link to="/orders" className={linkClass}>
            My Orders
          </Link>{' '}
          shows where each order is, and we e-mail you when it is shipped, out for delivery and delivered.
          Wrong address or a missed delivery? See{' '}
          <Link to={POLICY_PAGES.contact.path} className={linkClass}>
            {POLICY_PAGES.contact.title}
          </Link>
          .
        </p>
      </PolicySection>
    </PolicyArticle>
  );
}

export { ShippingPolicyPage as Component };
