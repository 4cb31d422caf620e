import type { CityResponse } from '../../../shared/api/delivery';
import type { DeliveryInfo, ShippingQuote } from '../../../shared/delivery';
import { type DeliveryDates, deliveryDateOptions } from '../../../shared/delivery-dates';
import {
  DELIVERY_MESSAGES,
  INVALID_PINCODE_DELIVERY,
  STANDARD_DAYS_BY_DISTANCE,
  withPreOrderWindow,
} from '../../../shared/delivery-rules';
import type { DeliverySpeed } from '../../../shared/gift-finder';
import { indiaDateOf, isBeforeSameDayCutoff, msUntilSameDayChange } from '../../../shared/india-time';
import { indianStateOf } from '../../../shared/indian-states';
import { toRupees } from '../../../shared/money';
import { DEFAULT_DELIVERY, PINCODE_LENGTH } from '../../../shared/pincode';
import { quoteShipping, type ReadDeliveryCharges, type ShippingRules } from '../../../shared/shipping';
import type { TimedSlotRule } from '../../../shared/timed-slots';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { type AskCourier, createCourierCheck } from './courier-check';
import { createPincodeDirectory, type PincodeDirectory, type PincodePlace } from './pincode-directory';
import { createShippingCalculator, type ShippingCalculator } from './shipping-calculator';

export type DeliveryService = ReturnType<typeof createDeliveryService>;

const SAME_DAY = { days: 'Today', message: 'Same-day delivery on orders before 2 PM' } as const;
const NEXT_DAY = { days: '1 Day', message: 'Next-day delivery' } as const;

const SIX_DIGITS = new RegExp(`^\\d{${PINCODE_LENGTH}}$`);

/**
 * Seconds until the same-day area's answer changes: at the 14:00 cut-off (same_day → next_day)
 * and at midnight India time (next_day → same_day).
 */
export function secondsUntilSameDayChange(now: Date): number {
  return Math.ceil(msUntilSameDayChange(now) / 1000);
}

/**
 * A standard promise in the courier's estimate: its days are the promise's last day, and the band
 * starts two days earlier, as the store's own bands do ('2-4 Days').
 */
export const courierPromise = (estimatedDays: number) => {
  const last = Math.max(1, estimatedDays);
  const first = Math.max(1, last - 2);
  return first === last ? `${last} Day${last === 1 ? '' : 's'}` : `${first}-${last} Days`;
};

/** Why a pincode check answered as it did, for cache lifetimes (same-day flips at 14:00 India time). */
type DeliveryCheck = { info: DeliveryInfo; inSameDayArea: boolean };

/**
 * The delivery engine: serviceability, days, city and shipping of a pincode from the directory in
 * memory (no query per lookup), and the cart's shipping from database prices.
 */
export function createDeliveryService({
  db,
  clock,
  config,
  deliveryCharges,
  timedSlots = async () => [],
  askCourier,
  log,
}: {
  db: Db;
  clock: Clock;
  config: Config;
  /** The owner's charges in force, read for every answer that quotes one. */
  deliveryCharges: ReadDeliveryCharges;
  /** Decision 0073: the owner's timed slots, offered with the dates where they serve. */
  timedSlots?: () => Promise<TimedSlotRule[]>;
  /** The courier's serviceability, asked when COURIER_SERVICEABILITY is on. */
  askCourier?: AskCourier | undefined;
  log?: { warn(details: object, message: string): void } | undefined;
}) {
  const directory: PincodeDirectory = createPincodeDirectory({ db, originPincode: config.ORIGIN_PINCODE });
  const shippingRules = async (): Promise<ShippingRules> => (await deliveryCharges()).shippingRules;
  const calculator: ShippingCalculator = createShippingCalculator({ db, shippingRules });
  const blockedPrefixes = config.BLOCKED_PINCODE_PREFIXES;
  const nextDayRadiusKm = config.NEXT_DAY_RADIUS_KM;

  const unavailableShipping: ShippingQuote = {
    cost: 0,
    free: false,
    message: DELIVERY_MESSAGES.shippingUnavailable,
  };

  const courierAnswer =
    askCourier && config.COURIER_SERVICEABILITY
      ? createCourierCheck({
          ask: askCourier,
          clock,
          timeoutMs: config.COURIER_SERVICEABILITY_TIMEOUT_MS,
          cacheMs: config.COURIER_SERVICEABILITY_CACHE_SECONDS * 1000,
          onFailure: (pincode, error) =>
            log?.warn(
              { pincode, err: error },
              "the courier's serviceability did not answer; the store's rule did",
            ),
        })
      : null;

  /**
   * The store's promise refined by the courier's answer: a pincode it does not serve is not
   * deliverable, and its estimate sets the days. Only standard deliveries go by courier; the
   * same-day and next-day areas are the store's own (DESIGN 4), and no answer keeps the store's.
   */
  async function withCourier(pincode: string, check: DeliveryCheck): Promise<DeliveryCheck> {
    if (!courierAnswer || !check.info.serviceable || check.info.type !== 'standard') return check;
    const answer = await courierAnswer(pincode);
    if (!answer) return check;
    if (!answer.serviceable) {
      return {
        info: {
          ...check.info,
          serviceable: false,
          days: 'N/A',
          message: DELIVERY_MESSAGES.courierUnserviceable,
          shipping: unavailableShipping,
        },
        inSameDayArea: false,
      };
    }
    if (answer.estimatedDays === null) return check;
    return { ...check, info: { ...check.info, days: courierPromise(answer.estimatedDays) } };
  }

  const isBlocked = (pincode: string) => blockedPrefixes.some((prefix) => pincode.startsWith(prefix));

  /** The directory entry of a well-formed, listed pincode; undefined otherwise. */
  async function placeOf(pincode: string): Promise<PincodePlace | undefined> {
    if (!SIX_DIGITS.test(pincode)) return undefined;
    const snapshot = directory.current() ?? (await directory.get());
    const place = snapshot.places.get(pincode);
    // A table that was empty at the last read may have been seeded since (throttled re-read).
    if (!place && snapshot.places.size === 0) return (await directory.get()).places.get(pincode);
    return place;
  }

  // SPEC 4: the pincode check quotes shipping for order value 0.
  function deliveryOf(pincode: string, place: PincodePlace, rules: ShippingRules): DeliveryCheck {
    const checkShipping = quoteShipping(0, rules);
    const city = place.district;
    // Fields in SPEC 3's order, so the JSON reads as the spec lists them.
    const served = (
      speed: { days: string; message: string },
      type: DeliveryInfo['type'],
      fastDelivery: boolean,
    ): DeliveryInfo => ({
      serviceable: true,
      days: speed.days,
      message: speed.message,
      type,
      fastDelivery,
      city,
      isPreOrder: false,
      shipping: checkShipping,
    });

    if (isBlocked(pincode)) {
      return {
        info: {
          serviceable: false,
          days: 'N/A',
          message: DELIVERY_MESSAGES.unserviceable,
          type: 'standard',
          fastDelivery: false,
          city,
          isPreOrder: false,
          shipping: unavailableShipping,
        },
        inSameDayArea: false,
      };
    }
    if (place.inOriginDistrict) {
      // DESIGN 4: the origin's district gets same-day delivery on orders placed before 14:00 IST.
      const info = isBeforeSameDayCutoff(clock.now())
        ? served(SAME_DAY, 'same_day', true)
        : served(NEXT_DAY, 'next_day', true);
      return { info, inSameDayArea: true };
    }
    const distanceKm = place.distanceKm;
    if (distanceKm !== null && distanceKm <= nextDayRadiusKm) {
      return { info: served(NEXT_DAY, 'next_day', true), inSameDayArea: false };
    }
    const band =
      distanceKm === null ? undefined : STANDARD_DAYS_BY_DISTANCE.find((b) => distanceKm <= b.upToKm);
    const speed = { days: band?.days ?? DEFAULT_DELIVERY.days, message: DEFAULT_DELIVERY.message };
    return { info: served(speed, 'standard', false), inSameDayArea: false };
  }

  /** SPEC 3 delivery info; a malformed or unlisted pincode gets the invalid record (SPEC 5). */
  async function checkPincode(
    rawPincode: string,
    options: {
      isPreOrder?: boolean;
      /** The store's own rule only (the courier's estimate must not be built from itself). */
      ownRule?: boolean;
    } = {},
  ): Promise<DeliveryCheck> {
    const pincode = rawPincode.trim();
    const place = await placeOf(pincode);
    if (!place) return { info: INVALID_PINCODE_DELIVERY, inSameDayArea: false };
    const own = deliveryOf(pincode, place, await shippingRules());
    const check = options.ownRule ? own : await withCourier(pincode, own);
    return options.isPreOrder ? { ...check, info: withPreOrderWindow(check.info) } : check;
  }

  return {
    directory,

    checkPincode,

    /**
     * The dates and slots a shopper may choose at this pincode, as of the app clock, the owner's
     * timed windows still open among them (decision 0073); none for a pre-order (it ships in the
     * pre-order window) or a pincode we do not deliver to.
     */
    async deliveryDates(rawPincode: string, options: { isPreOrder?: boolean } = {}): Promise<DeliveryDates> {
      const check = await checkPincode(rawPincode, options);
      const now = clock.now();
      return {
        today: indiaDateOf(now),
        type: check.info.type,
        days: check.info.days,
        dates: deliveryDateOptions(check, now, toRupees((await deliveryCharges()).midnightSlotFeePaise), {
          slots: await timedSlots(),
          pincode: rawPincode.trim(),
        }),
      };
    },

    /**
     * Decision 0070: what the listing's delivery filters may promise at a pincode now: `today`
     * while same-day delivery is open there (before the 2 PM cut-off), `midnight` wherever the
     * midnight slot is offered (the same-day area, as the delivery dates offer it).
     */
    async deliverySpeeds(pincode: string): Promise<Record<DeliverySpeed, boolean>> {
      const check = await checkPincode(pincode);
      const served = check.info.serviceable;
      return { today: served && check.info.type === 'same_day', midnight: served && check.inSameDayArea };
    },

    /** SPEC 3 "Shipping quote (by pincode)"; an unserviceable pincode has none to give. */
    async quoteShipping(pincode: string, orderValueRupees: number): Promise<ShippingQuote> {
      const place = await placeOf(pincode);
      if (!place || isBlocked(pincode)) return unavailableShipping;
      return quoteShipping(orderValueRupees, await shippingRules());
    },

    /**
     * DESIGN 4: the city is the directory's district; The State by today's name (empty
     * when the directory's name is not one of INDIAN_STATES). Null when the pincode is not listed.
     */
    async cityOf(pincode: string): Promise<CityResponse | null> {
      const place = await placeOf(pincode);
      if (!place) return null;
      return { city: place.district, state: indianStateOf(place.state, place.district) ?? '' };
    },

    calculateCart: calculator.calculate,

    /** Reads the directory now (at start), so the first shopper does not wait for it. */
    async warmUp(): Promise<void> {
      await directory.get();
    },
  };
}
