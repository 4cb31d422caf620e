import type { StoreSettings } from '../../../shared/store-settings';
import type { Config } from '../../config';

/** The public part of the configuration, read by the web app (never a secret). */
export function storeSettingsFrom(config: Config): StoreSettings {
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
    testMode: config.paymentProvider === 'sandbox',
  };
}
