import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryInfo } from '../../../shared/delivery';
import { lazyParser, loadedParser } from '../../lazy-parser';
import { BANGALORE_DELIVERY, UNSERVED_DELIVERY } from '../../testing/delivery-fixtures';
import type { Lookup } from './delivery-lookups';
import { fallbackDeliveryInfo } from './delivery-lookups';
import {
  answerFor,
  createLocationStore,
  DELIVERY_INFO_KEY,
  deliveryPhase,
  type LocationState,
  locationReducer,
  NO_LOCATION,
  SELECTED_PINCODE_KEY,
} from './location-store';
import { parseStoredDeliveryInfo } from './stored-location';

const parseStored = loadedParser(parseStoredDeliveryInfo);

const bangalore = BANGALORE_DELIVERY;
const blocked = UNSERVED_DELIVERY;

describe('locationReducer (SPEC 4 "Location and pincode")', () => {
  it('checks a 6-character pincode, then holds its answer', () => {
    const checking = locationReducer(NO_LOCATION, { type: 'select', pincode: '560001' });
    expect(checking).toEqual({
      ...NO_LOCATION,
      pincode: '560001',
      deliveryInfo: null,
      status: 'checking',
      failed: false,
    });
    const ready = locationReducer(checking, {
      type: 'resolved',
      pincode: '560001',
      info: bangalore,
      failed: false,
    });
    expect(ready).toEqual({ ...NO_LOCATION, pincode: '560001', deliveryInfo: bangalore, status: 'ready' });
  });

  it.each(['', '56000', '5600011'])('clears the location when set to %j (not 6 characters)', (pincode) => {
    const ready: LocationState = {
      ...NO_LOCATION,
      pincode: '560001',
      deliveryInfo: bangalore,
      status: 'ready',
    };
    expect(locationReducer(ready, { type: 'select', pincode })).toEqual(NO_LOCATION);
  });

  it('never makes a pincode it cannot deliver to the location, and gives back the one before', () => {
    const bangaloreChosen: LocationState = {
      ...NO_LOCATION,
      pincode: '560001',
      deliveryInfo: bangalore,
      status: 'ready',
    };
    const checking = locationReducer(bangaloreChosen, { type: 'select', pincode: '744101' });
    const answered = locationReducer(checking, {
      type: 'resolved',
      pincode: '744101',
      info: blocked,
      failed: false,
    });
    expect(answered).toEqual({ ...bangaloreChosen, refused: { pincode: '744101', info: blocked } });

    const fromNothing = locationReducer(NO_LOCATION, { type: 'select', pincode: '999999' });
    expect(
      locationReducer(fromNothing, { type: 'resolved', pincode: '999999', info: blocked, failed: false }),
    ).toEqual({ ...NO_LOCATION, refused: { pincode: '999999', info: blocked } });
  });

  it('drops an answer for a pincode that is no longer being checked', () => {
    const checking = locationReducer(NO_LOCATION, { type: 'select', pincode: '110001' });
    const late = locationReducer(checking, {
      type: 'resolved',
      pincode: '560001',
      info: bangalore,
      failed: false,
    });
    expect(late).toBe(checking);
    const cleared = locationReducer(checking, { type: 'clear' });
    expect(
      locationReducer(cleared, { type: 'resolved', pincode: '110001', info: bangalore, failed: false }),
    ).toBe(NO_LOCATION);
  });
});

describe('deliveryPhase (none, typed, checking, serviceable or not)', () => {
  const ready = (info: DeliveryInfo): LocationState => ({
    ...NO_LOCATION,
    pincode: '560001',
    deliveryInfo: info,
    status: 'ready',
  });

  it('is none below 6 digits and typed at 6 digits not yet checked', () => {
    expect(deliveryPhase('', NO_LOCATION)).toBe('none');
    expect(deliveryPhase('56000', NO_LOCATION)).toBe('none');
    expect(deliveryPhase('560001', NO_LOCATION)).toBe('typed');
  });

  it('is checking while the typed pincode is looked up', () => {
    expect(deliveryPhase('560001', { ...NO_LOCATION, pincode: '560001', status: 'checking' })).toBe(
      'checking',
    );
  });

  it('is serviceable or unserviceable once answered', () => {
    expect(deliveryPhase('560001', ready(bangalore))).toBe('serviceable');
    const refused = { ...ready(bangalore), refused: { pincode: '744101', info: blocked } };
    expect(deliveryPhase('744101', refused)).toBe('unserviceable');
    expect(answerFor('744101', refused)).toEqual(blocked);
    expect(deliveryPhase('560001', refused)).toBe('serviceable');
  });

  it('hides the answer when the field no longer holds the answered pincode', () => {
    expect(deliveryPhase('56000', ready(bangalore))).toBe('none');
    expect(deliveryPhase('110001', ready(bangalore))).toBe('typed');
  });
});

describe('the location store', () => {
  beforeEach(() => localStorage.clear());

  function fakeLookups() {
    const asked: string[] = [];
    const answers = new Map<string, Lookup<DeliveryInfo>>();
    return {
      asked,
      answers,
      lookups: {
        checkDelivery: async (pincode: string) => {
          asked.push(pincode);
          return (
            answers.get(pincode) ?? { value: fallbackDeliveryInfo(pincode), source: 'fallback' as const }
          );
        },
      },
    };
  }

  it("stores the pincode and delivery info under 'selectedPincode' and 'deliveryInfo'", async () => {
    const { lookups, answers } = fakeLookups();
    answers.set('560001', { value: bangalore, source: 'server' });
    const store = createLocationStore({ storage: localStorage, parseStored, lookups });
    const seen: LocationState['status'][] = [];
    store.subscribe(() => seen.push(store.getState().status));

    await store.setPincode('560001');
    expect(seen).toEqual(['checking', 'ready']);
    expect(localStorage.getItem(SELECTED_PINCODE_KEY)).toBe('560001');
    expect(JSON.parse(localStorage.getItem(DELIVERY_INFO_KEY) ?? 'null')).toEqual(bangalore);

    // A new visit starts from storage.
    const next = createLocationStore({ storage: localStorage, parseStored, lookups });
    expect(next.getState()).toEqual({
      ...NO_LOCATION,
      pincode: '560001',
      deliveryInfo: bangalore,
      status: 'ready',
    });
  });

  it('keeps the stored location when the pincode checked next cannot be delivered to', async () => {
    const { lookups, answers } = fakeLookups();
    answers.set('560001', { value: bangalore, source: 'server' });
    answers.set('744101', { value: blocked, source: 'server' });
    const store = createLocationStore({ storage: localStorage, parseStored, lookups });
    await store.setPincode('560001');

    const answered = await store.setPincode('744101');

    expect(answered).toMatchObject({ pincode: '560001', status: 'ready', refused: { pincode: '744101' } });
    expect(localStorage.getItem(SELECTED_PINCODE_KEY)).toBe('560001');
    expect(JSON.parse(localStorage.getItem(DELIVERY_INFO_KEY) ?? 'null')).toEqual(bangalore);
  });

  it('drops a stored location the store cannot deliver to (stored by an older version, or no longer served)', async () => {
    localStorage.setItem(SELECTED_PINCODE_KEY, '744101');
    localStorage.setItem(DELIVERY_INFO_KEY, JSON.stringify(blocked));
    expect(
      createLocationStore({ storage: localStorage, parseStored, lookups: fakeLookups().lookups }).getState(),
    ).toEqual(NO_LOCATION);

    localStorage.setItem(SELECTED_PINCODE_KEY, '560001');
    localStorage.setItem(DELIVERY_INFO_KEY, JSON.stringify(bangalore));
    const { lookups, answers } = fakeLookups();
    answers.set('560001', { value: { ...bangalore, serviceable: false }, source: 'server' });
    const store = createLocationStore({ storage: localStorage, parseStored, lookups });
    await store.revalidate();
    expect(store.getState()).toEqual(NO_LOCATION);
    expect(localStorage.getItem(SELECTED_PINCODE_KEY)).toBeNull();
  });

  it('clears the stored location when set to fewer than 6 characters, or cleared', async () => {
    const { lookups, answers, asked } = fakeLookups();
    answers.set('560001', { value: bangalore, source: 'server' });
    const store = createLocationStore({ storage: localStorage, parseStored, lookups });
    await store.setPincode('560001');

    await store.setPincode('5600');
    expect(store.getState()).toEqual(NO_LOCATION);
    expect(localStorage.getItem(SELECTED_PINCODE_KEY)).toBeNull();
    expect(localStorage.getItem(DELIVERY_INFO_KEY)).toBeNull();
    expect(asked).toEqual(['560001']);

    await store.setPincode('560001');
    store.clear();
    expect(store.getState()).toEqual(NO_LOCATION);
    expect(localStorage.getItem(SELECTED_PINCODE_KEY)).toBeNull();
  });

  it('falls back to the standard record with the 3-digit city when the server fails (SPEC 4, 9)', async () => {
    const { lookups } = fakeLookups();
    const store = createLocationStore({ storage: localStorage, parseStored, lookups });
    await store.setPincode('110001');
    expect(store.getState()).toMatchObject({ pincode: '110001', status: 'ready', failed: true });
    expect(store.getState().deliveryInfo).toEqual({
      serviceable: true,
      days: '3-7 Days',
      message: 'Standard delivery',
      type: 'standard',
      fastDelivery: false,
      city: 'Delhi',
      isPreOrder: false,
      shipping: { cost: 0, free: false, message: 'calculated at checkout' },
    });
  });

  it('reads a location found before its parser loaded once the parser arrives', async () => {
    localStorage.setItem(SELECTED_PINCODE_KEY, '560001');
    localStorage.setItem(DELIVERY_INFO_KEY, JSON.stringify(bangalore));
    let arrive: (parser: typeof parseStoredDeliveryInfo) => void = () => {};
    const later = lazyParser(
      () =>
        new Promise<typeof parseStoredDeliveryInfo>((resolve) => {
          arrive = resolve;
        }),
    );
    const store = createLocationStore({
      storage: localStorage,
      parseStored: later,
      lookups: fakeLookups().lookups,
    });
    expect(store.getState()).toEqual(NO_LOCATION);

    arrive(parseStoredDeliveryInfo);
    await vi.waitFor(() =>
      expect(store.getState()).toEqual({
        ...NO_LOCATION,
        pincode: '560001',
        deliveryInfo: bangalore,
        status: 'ready',
      }),
    );
    expect(localStorage.getItem(SELECTED_PINCODE_KEY)).toBe('560001');
  });

  it('ignores a corrupted stored record', () => {
    localStorage.setItem(SELECTED_PINCODE_KEY, '560001');
    localStorage.setItem(DELIVERY_INFO_KEY, '{"serviceable":"yes"');
    const store = createLocationStore({ storage: localStorage, parseStored, lookups: fakeLookups().lookups });
    expect(store.getState()).toEqual(NO_LOCATION);
  });

  it('refreshes a stored record quietly, and keeps it when the server cannot answer', async () => {
    localStorage.setItem(SELECTED_PINCODE_KEY, '560001');
    localStorage.setItem(DELIVERY_INFO_KEY, JSON.stringify(bangalore));
    const { lookups, answers } = fakeLookups();
    const store = createLocationStore({ storage: localStorage, parseStored, lookups });

    await store.revalidate();
    expect(store.getState().deliveryInfo).toEqual(bangalore);

    const afterCutoff = {
      ...bangalore,
      type: 'next_day' as const,
      days: '1 Day',
      message: 'Next-day delivery',
    };
    answers.set('560001', { value: afterCutoff, source: 'server' });
    await store.revalidate();
    expect(store.getState()).toMatchObject({ status: 'ready', deliveryInfo: afterCutoff });
    expect(JSON.parse(localStorage.getItem(DELIVERY_INFO_KEY) ?? 'null')).toEqual(afterCutoff);
  });
});
