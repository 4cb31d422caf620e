import { checkoutDefaults, notifyDefaultsFrom } from '../../../shared/notify-defaults';
import type { OwnerSettings } from '../../../shared/owner-settings';
import type { StoreSettings } from '../../../shared/store-settings';
import type { Config } from '../../config';
import { storeIdentityFrom } from '../../store-identity';

/**
 * The public part of the configuration, with the owner's saved settings over it when given
 * (the owner's Settings page), read by the web app (never a secret).
 */
export function storeSettingsFrom(config: Config, owner?: OwnerSettings): StoreSettings {
  const identity = storeIdentityFrom(config, owner);
  return {
    storeName: identity.storeName,
    tagline: config.STORE_TAGLINE,
    supportEmail: identity.supportEmail,
    instagramHandle: config.INSTAGRAM_HANDLE,
    whatsappNumber: config.WHATSAPP_NUMBER,
    sameDayCity: config.SAME_DAY_CITY,
    freeShippingFrom: owner?.freeShippingFrom ?? config.FREE_SHIPPING_FROM_RUPEES,
    shippingFee: owner?.shippingFee ?? config.SHIPPING_FEE_RUPEES,
    gaMeasurementId: config.GA_MEASUREMENT_ID ?? null,
    midnightSlotFee: owner?.midnightSlotFee ?? config.MIDNIGHT_SLOT_FEE_RUPEES,
    nextDayRadiusKm: config.NEXT_DAY_RADIUS_KM,
    seller: { legalName: identity.legalName, address: identity.address, gstin: identity.gstin },
    customerCare: identity.customerCare,
    grievanceOfficer: identity.grievanceOfficer,
    testMode: config.paymentProvider === 'sandbox',
    cashOnDelivery: owner?.codEnabled ?? config.COD_ENABLED,
    faultReturnDays: owner?.faultReturnDays ?? config.FAULT_RETURN_DAYS,
    codFee: owner?.codFee ?? config.COD_FEE_RUPEES,
    returnShippingPaidBy: owner?.returnShippingPaidBy ?? config.RETURN_SHIPPING_PAID_BY,
    orderUpdates: checkoutDefaults(
      notifyDefaultsFrom(owner?.orderUpdateChannels ?? config.NOTIFY_DEFAULT_CHANNELS),
    ),
  };
}
