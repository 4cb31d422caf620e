import type { StoreSettings } from '../../../shared/store-settings';
import type { Config } from '../../config';
import { storeIdentityFrom } from '../../store-identity';
import { notifyDefaultsFrom } from '../notifications';

/** The public part of the configuration, read by the web app (never a secret). */
export function storeSettingsFrom(config: Config): StoreSettings {
  const identity = storeIdentityFrom(config);
  return {
    storeName: config.STORE_NAME,
    tagline: config.STORE_TAGLINE,
    supportEmail: config.SUPPORT_EMAIL,
    instagramHandle: config.INSTAGRAM_HANDLE,
    whatsappNumber: config.WHATSAPP_NUMBER,
    sameDayCity: config.SAME_DAY_CITY,
    freeShippingFrom: config.FREE_SHIPPING_FROM_RUPEES,
    shippingFee: config.SHIPPING_FEE_RUPEES,
    gaMeasurementId: config.GA_MEASUREMENT_ID ?? null,
    midnightSlotFee: config.MIDNIGHT_SLOT_FEE_RUPEES,
    nextDayRadiusKm: config.NEXT_DAY_RADIUS_KM,
    seller: { legalName: identity.legalName, address: identity.address, gstin: identity.gstin },
    customerCare: identity.customerCare,
    grievanceOfficer: identity.grievanceOfficer,
    testMode: config.paymentProvider === 'sandbox',
    orderUpdates: notifyDefaultsFrom(config),
  };
}
