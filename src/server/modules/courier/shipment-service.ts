import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  type DeliveryAnswer,
  type OrderTracking,
  type OwnerDeliveryAction,
  REATTEMPT_WINDOW_DAYS,
  RTO_NOTES,
  SHIPPING_MESSAGES,
  type Shipment,
  type ShipmentState,
  type TrackedOrder,
  type TrackingEvent,
} from '../../../shared/api/courier';
import { COD_CANCEL_MESSAGES, COD_CONFIRM_MESSAGES } from '../../../shared/cash-on-delivery';
import {
  ORDER_STATUS_OF_SCAN,
  type TrackingKind,
  trackingKindLabel,
  trackingKindOfShiprocket,
} from '../../../shared/courier-events';
import { GIFT_LINK_MESSAGES } from '../../../shared/gift-links';
import { addDays, formatIndiaDay, indiaDateOf, instantOfIndiaTime } from '../../../shared/india-time';
import { toRupees } from '../../../shared/money';
import {
  canTransition,
  isOrderStatus,
  ORDER_STATUSES,
  type OrderStatus,
  orderStatusLabel,
} from '../../../shared/order-status';
import {
  categoryParcelOf,
  type PackagingBox,
  type ParcelSize,
  parcelOfOrder,
  parcelOfProduct,
} from '../../../shared/parcel';
import { normalisePhone } from '../../../shared/phone';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { AppError, conflict, invalid, notFound, unauthorized, unavailable } from '../../errors';
import type { StoreIdentity } from '../../store-identity';
import { contactOf, mailContactOf } from '../auth';
import { awaitsCodConfirmation, type CodSettlement } from '../cash-on-delivery';
import { parcelFactsOf } from '../catalog';
import type { CourierProvider, NdrAnswer } from '../courier-providers';
import {
  addressOf,
  isOrderId,
  lockedOrderOf,
  type OrderRow,
  orderIdByNumber,
  orderLinesOf,
  orderOf,
  recordStatus,
  releaseReservation,
  setOrderStatus,
} from '../orders';
import { shipmentEvents, shipments } from './tables';

// A shipment can be booked for a paid order until it leaves the store.
const SHIPPABLE: readonly OrderStatus[] = ['paid', 'confirmed', 'processing', 'packed'];

/**
 * Shiprocket's tracking webhook, the parts we read (the sandbox sends the same). Its times are
 * India time, written 'YYYY-MM-DD HH:mm:ss' in scans and 'DD MM YYYY HH:mm:ss' in current_timestamp.
 */
const TrackingWebhook = z.looseObject({
  awb: z.union([z.string(), z.number()]).transform(String).pipe(z.string().min(1).max(64)),
  current_status: z.string().max(100),
  current_status_id: z.coerce.number().nullish(),
  shipment_status_id: z.coerce.number().nullish(),
  current_timestamp: z.string().max(40),
  scans: z
    .array(
      z.looseObject({
        date: z.string().max(40),
        activity: z.string().max(500).nullish(),
        location: z.string().max(200).nullish(),
      }),
    )
    .max(500)
    .nullish(),
});

/** An India-time courier timestamp as an instant; null when it is neither of Shiprocket's forms. */
export function courierTime(value: string): Date | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(value.trim());
  const dmy = /^(\d{2})[ -](\d{2})[ -](\d{4})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(value.trim());
  const parts = iso
    ? [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6]]
    : dmy
      ? [dmy[3], dmy[2], dmy[1], dmy[4], dmy[5], dmy[6]]
      : null;
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts;
  return instantOfIndiaTime(`${year}-${month}-${day}`, `${hour}:${minute}:${second ?? '00'}`);
}

type ShipmentRow = typeof shipments.$inferSelect;

/** Decision 0064: what a parcel back at the store (RTO) means for the customer's money, said once. */
const parcelBackNote = (order: Pick<OrderRow, 'paymentMethod'>) =>
  order.paymentMethod === 'cod' ? RTO_NOTES.codBack : RTO_NOTES.prepaidBack;

/**
 * Decision 0065: what the timeline says of an answer to a failed delivery: a line the customer
 * reads (true of the parcel, nothing more), and the details for the owner alone.
 */
function ndrTimelineNotes(
  answer: NdrAnswer,
  actor: 'admin' | 'customer' = 'customer',
): { note: string; internalNote: string } {
  const by = actor === 'admin' ? 'the store' : 'the customer';
  if (answer.kind === 'return') {
    return {
      note: 'The store asked the courier to bring the parcel back.',
      internalNote: `Return to the store asked of the courier by ${by}`,
    };
  }
  if (answer.kind === 'fix_address') {
    return {
      note: 'A new delivery attempt is arranged with the corrected address and phone.',
      internalNote: `New attempt asked of the courier by ${by}: address ${answer.address}, phone ${answer.phone}`,
    };
  }
  const corrected = [
    answer.address && `address ${answer.address}`,
    answer.landmark && `landmark ${answer.landmark}`,
    answer.phone && `phone ${answer.phone}`,
  ].filter(Boolean);
  const date = formatIndiaDay(answer.date);
  return {
    note: `A new delivery attempt is arranged for ${date}${corrected.length > 0 ? ', with the details corrected' : ''}.`,
    internalNote: `New attempt on ${date} asked of the courier by ${by}${corrected.length > 0 ? `: ${corrected.join(', ')}` : ''}`,
  };
}

/**
 * Decision 0054: whether a scan is one the order's status machine refuses: newer than every scan
 * taken, and naming a status the order cannot reach from where it is (a return after delivery, a
 * scan after the back office moved the order on). An older scan arriving late is history: it goes
 * on the timeline in its place and moves nothing, as before.
 */
function scanRefused(status: string, kind: TrackingKind, at: Date, latestAt: Date | undefined): boolean {
  if (latestAt && at.getTime() < latestAt.getTime()) return false;
  const target = ORDER_STATUS_OF_SCAN[kind];
  if (!target || !isOrderStatus(status)) return false;
  return walk(status, target) === null;
}

/**
 * The order statuses between `from` and `to` along the status machine (shortest way, never through
 * a cancellation), or null when `to` cannot be reached: a late scan never moves an order back.
 */
function walk(from: OrderStatus, to: OrderStatus): OrderStatus[] | null {
  if (from === to) return [];
  // A delivered order goes back only through the returns module (the return window).
  if (from === 'delivered') return null;
  const queue: OrderStatus[][] = [[from]];
  const seen = new Set<OrderStatus>([from]);
  while (queue.length > 0) {
    const path = queue.shift()!;
    const last = path[path.length - 1]!;
    for (const next of ORDER_STATUSES) {
      // Never into payment or a cancellation; decision 0065: never through 'delivered' on the way
      // elsewhere, as a parcel that goes back to the store was not delivered.
      if (next === 'paid' || next === 'cancelled' || (next === 'delivered' && to !== 'delivered')) continue;
      if (seen.has(next) || !canTransition(last, next)) continue;
      if (next === to) return [...path.slice(1), next];
      seen.add(next);
      queue.push([...path, next]);
    }
  }
  return null;
}

export type ShipmentService = ReturnType<typeof createShipmentService>;

export function createShipmentService({
  db,
  clock,
  courier,
  log,
  store,
  mailStatus,
  settleCashOnDelivery,
  packagingBoxes,
  stateOf,
  returnTo,
  returnScan = async () => false,
  onStockChanged = () => {},
}: {
  db: Db;
  clock: Clock;
  courier: CourierProvider;
  log: FastifyBaseLogger;
  store: StoreIdentity;
  /** The status mail of an order the courier moved, as the back office's (order-records' mailStatusIfDue). */
  mailStatus: (tx: Tx, row: OrderRow, to: string, note: string, now: Date) => Promise<void>;
  /** Decision 0042: a COD order delivered is paid, one back at the store unpaid is cancelled. */
  settleCashOnDelivery: CodSettlement;
  /** Decision 0077: the boxes the owner packs in (Settings), smallest that holds the items first. */
  packagingBoxes: () => Promise<readonly PackagingBox[]>;
  /** The State of a pincode by the directory (the delivery module's); '' when it is not listed. */
  stateOf: (pincode: string) => Promise<string>;
  /** After a parcel back at the store put its units on the shelf: cached stock answers are dropped. */
  onStockChanged?: () => void;
  /** Decision 0066: where a reverse pickup brings a return (the store's city and pincode). */
  returnTo: { city: string; pincode: string };
  /** Decision 0066: a scan of a reverse pickup's AWB (the returns module's); false when unknown. */
  returnScan?: (awb: string, kind: TrackingKind, at: Date, activity: string) => Promise<boolean>;
}) {
  const labelUrlOf = (orderId: string) => `/api/admin/orders/${orderId}/shipment/label`;

  const shipmentOf = (row: ShipmentRow, orderId: string): Shipment => ({
    awb: row.awb,
    courier: row.courierName,
    labelUrl: labelUrlOf(orderId),
    status: row.status as Shipment['status'],
    pickupDate: row.pickupDate,
    expectedDelivery: row.expectedDelivery,
  });

  async function orderRow(orderId: string): Promise<OrderRow> {
    const row = isOrderId(orderId) ? await orderOf(db, orderId) : null;
    if (!row) throw notFound('Order not found');
    return row;
  }

  /**
   * The State a parcel goes to. Shiprocket's adhoc order requires one, and an order's address
   * need not hold one (SPEC 3's checkout form has none): the directory's State of the pincode, as
   * the invoice's place of supply takes it, and the State the shopper typed only for a pincode
   * the directory does not know.
   */
  async function stateOfDelivery(pincode: string, typed: string | undefined): Promise<string> {
    return (await stateOf(pincode)) || typed?.trim() || '';
  }

  async function openShipment(orderId: string, executor: Db | Tx = db): Promise<ShipmentRow | undefined> {
    const [row] = await executor
      .select()
      .from(shipments)
      .where(and(eq(shipments.orderId, orderId), isNull(shipments.cancelledAt)));
    return row;
  }

  async function parcelOf(
    orderId: string,
    /** Decision 0066: only these lines and units (a return's), not the whole order. */
    only?: ReadonlyMap<number, number>,
  ): Promise<{
    parcel: ParcelSize;
    items: { name: string; sku: string; units: number; sellingPriceRupees: number }[];
  }> {
    const orderLines = await orderLinesOf(db, orderId);
    const sizes = await parcelFactsOf(db, [...new Set(orderLines.map((line) => line.productId))]);
    const all = orderLines.flatMap((line) => {
      const size = sizes.find((product) => product.id === line.productId);
      return size ? [{ ...size, ...line }] : [];
    });
    const lines = only
      ? all
          .filter((line) => only.has(line.id))
          .map((line) => ({ ...line, quantity: only.get(line.id) ?? line.quantity }))
      : all;
    return {
      parcel: parcelOfOrder(
        lines.map((line) => ({
          size: parcelOfProduct(
            line,
            categoryParcelOf({ slug: line.categorySlug, parcel: line.categoryParcel }),
          ),
          quantity: line.quantity,
        })),
        await packagingBoxes(),
      ),
      items: lines.map((line) => ({
        name: line.name,
        sku: `P${line.productId}`,
        units: line.quantity,
        sellingPriceRupees: toRupees(line.pricePaise),
      })),
    };
  }

  /** Moves the order along the machine to `to`, one recorded step at a time (the caller holds its row). */
  async function moveOrder(tx: Tx, row: OrderRow, to: OrderStatus, note: string, at: Date): Promise<boolean> {
    if (!isOrderStatus(row.status)) return false;
    const steps = walk(row.status, to);
    if (!steps || steps.length === 0) return false;
    let from = row.status;
    for (const status of steps) {
      if (!(await setOrderStatus(tx, { orderId: row.id, from, to: status, at }))) return false;
      // A parcel back at the store (RTO) puts its units back on the shelf; the reservation is
      // zeroed as it is released, so this happens once however often the event comes.
      if (status === 'returned') await releaseReservation(tx, row.id);
      await recordStatus(tx, {
        orderId: row.id,
        status,
        note: status === to ? note : '',
        actor: 'system',
        at,
      });
      await settleCashOnDelivery(tx, row, status, at);
      from = status;
    }
    return true;
  }

  async function bookOne(orderId: string, parcelAsPacked?: ParcelSize): Promise<Shipment> {
    const row = await orderRow(orderId);
    if (!isOrderStatus(row.status) || !SHIPPABLE.includes(row.status))
      throw conflict(SHIPPING_MESSAGES.notShippable);
    if (await openShipment(row.id)) throw conflict(SHIPPING_MESSAGES.alreadyShipped);
    // Decision 0081: a gift sent by link is booked once its recipient has given the address.
    if (row.deliveryPincode === null) throw conflict(GIFT_LINK_MESSAGES.waitingForAddress);
    const deliveryPincode = row.deliveryPincode;
    // Decision 0064: a COD order waiting for the customer's YES is not booked.
    if (await awaitsCodConfirmation(db, row.id)) throw conflict(COD_CONFIRM_MESSAGES.awaitingYes);
    // A quote nobody has claimed has no account yet (and cannot be paid, so it is never shipped).
    const customer = row.userId === null ? null : await mailContactOf(db, row.userId);
    const address = addressOf(row);
    const fromProducts = await parcelOf(row.id);
    const items = fromProducts.items;
    const parcel = parcelAsPacked ?? fromProducts.parcel;
    const booked = await courier.book({
      orderNumber: row.orderNumber,
      orderDate: row.createdAt,
      customer: {
        name: address.fullName,
        address: address.address,
        city: address.city,
        state: await stateOfDelivery(deliveryPincode, address.state),
        pincode: deliveryPincode,
        email: customer?.email ?? '',
        phone: normalisePhone(address.phone),
      },
      items,
      subTotalRupees: toRupees(row.subtotalPaise),
      cashToCollectRupees: row.paymentMethod === 'cod' ? toRupees(row.totalPaise) : null,
      parcel,
    });
    const now = clock.now();
    try {
      const saved = await db.transaction(async (tx) => {
        const locked = await lockedOrderOf(tx, row.id);
        if (!locked || !isOrderStatus(locked.status) || !SHIPPABLE.includes(locked.status)) {
          throw conflict(SHIPPING_MESSAGES.notShippable);
        }
        const [inserted] = await tx
          .insert(shipments)
          .values({
            orderId: row.id,
            provider: courier.name,
            providerOrderId: booked.providerOrderId,
            providerShipmentId: booked.providerShipmentId,
            awb: booked.awb,
            courierName: booked.courierName,
            label: booked.label,
            ...parcel,
            pickupDate: booked.pickupDate,
            expectedDelivery: booked.expectedDelivery,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning();
        if (!inserted) throw conflict(SHIPPING_MESSAGES.alreadyShipped);
        await moveOrder(tx, locked, 'packed', `Booked with ${booked.courierName}, AWB ${booked.awb}`, now);
        return inserted;
      });
      return shipmentOf(saved, row.id);
    } catch (error) {
      // Two bookings of one order at once: the courier's second one is given back.
      await courier
        .cancel(booked.providerOrderId)
        .catch((cancelError: unknown) =>
          log.error({ err: cancelError, awb: booked.awb }, 'could not cancel a duplicate courier booking'),
        );
      throw error;
    }
  }

  /** The shipment's scans, oldest first: those it took, or (refused) those its order refused. */
  async function eventsOf(
    shipmentId: number,
    { refused = false } = {},
  ): Promise<(typeof shipmentEvents.$inferSelect)[]> {
    return db
      .select()
      .from(shipmentEvents)
      .where(
        and(
          eq(shipmentEvents.shipmentId, shipmentId),
          refused ? isNotNull(shipmentEvents.refusedAt) : isNull(shipmentEvents.refusedAt),
        ),
      )
      .orderBy(asc(shipmentEvents.occurredAt), asc(shipmentEvents.id));
  }

  const eventOf = (event: typeof shipmentEvents.$inferSelect): TrackingEvent => ({
    kind: event.kind,
    label: trackingKindLabel(event.kind),
    activity: event.activity,
    location: event.location,
    at: event.occurredAt.toISOString(),
  });

  async function trackedOrderOf(row: OrderRow): Promise<{
    tracked: TrackedOrder;
    shipment: ShipmentRow | undefined;
    events: (typeof shipmentEvents.$inferSelect)[];
  }> {
    const [shipment] = await db
      .select()
      .from(shipments)
      .where(eq(shipments.orderId, row.id))
      .orderBy(sql`${shipments.cancelledAt} is null desc`, desc(shipments.id))
      .limit(1);
    const live = shipment && !shipment.cancelledAt ? shipment : undefined;
    const events = live ? await eventsOf(live.id) : [];
    return {
      tracked: {
        number: row.orderNumber,
        status: row.status,
        courier: live?.courierName ?? null,
        awb: live?.awb ?? null,
        expectedDelivery: live?.expectedDelivery ?? row.deliveryDate ?? null,
        events: events.map(eventOf),
      },
      shipment: live,
      events,
    };
  }

  /** The failed attempt an order waits on: its shipment and the scan, else null. */
  async function failedAttemptOf(row: OrderRow) {
    const shipment = await openShipment(row.id);
    const latest = shipment ? (await eventsOf(shipment.id)).at(-1) : undefined;
    if (!shipment || row.status !== 'failed_delivery' || latest?.kind !== 'undelivered') return null;
    return { shipment, latest };
  }

  /**
   * Sends one answer to the failed attempt to the courier (NDR action) and puts it on the
   * timeline: claimed before the courier is asked, so two answers at once send one; given back
   * when the courier cannot be reached (a 503 with the courier's message).
   */
  async function sendNdrAnswer(
    row: OrderRow,
    answer: NdrAnswer,
    actor: 'admin' | 'customer',
    alreadyMessage: string,
  ): Promise<void> {
    const failed = await failedAttemptOf(row);
    if (!failed) throw conflict(SHIPPING_MESSAGES.noFailedDelivery);
    const { shipment, latest } = failed;
    if (answer.kind === 'reattempt') {
      const today = indiaDateOf(clock.now());
      if (answer.date <= today || answer.date > addDays(today, REATTEMPT_WINDOW_DAYS)) {
        throw invalid(SHIPPING_MESSAGES.dateOutOfRange, [
          { path: 'date', message: SHIPPING_MESSAGES.dateOutOfRange },
        ]);
      }
    }
    const [claimed] = await db
      .update(shipments)
      .set({ deliveryAnswer: { eventId: latest.id, by: actor, ...answer }, updatedAt: clock.now() })
      .where(
        and(
          eq(shipments.id, shipment.id),
          sql`coalesce((${shipments.deliveryAnswer}->>'eventId')::int, 0) <> ${latest.id}`,
        ),
      )
      .returning({ id: shipments.id });
    if (!claimed) throw conflict(alreadyMessage);
    try {
      await courier.answerFailedDelivery(shipment.awb, answer);
    } catch (error) {
      await db
        .update(shipments)
        .set({ deliveryAnswer: shipment.deliveryAnswer })
        .where(eq(shipments.id, shipment.id));
      if (!(error instanceof AppError) || error.kind !== 'unavailable') throw error;
      log.warn({ err: error, awb: shipment.awb }, 'the courier did not take an answer to a failed delivery');
      throw unavailable(SHIPPING_MESSAGES.answerNotTaken);
    }
    const { note, internalNote } = ndrTimelineNotes(answer, actor);
    // The same status again: a line on the timeline, no message (recordStatus sends news of changes).
    await db.transaction((tx) =>
      recordStatus(tx, { orderId: row.id, status: row.status, note, internalNote, actor, at: clock.now() }),
    );
  }

  return {
    ship: bookOne,

    /**
     * Decision 0066: books the reverse pickup of a return's units from the order's delivery
     * address back to the store; answers the courier's order id, AWB and name.
     */
    async bookReturn(
      orderId: string,
      returnNumber: string,
      units: ReadonlyMap<number, number>,
    ): Promise<{ providerOrderId: string; awb: string; courierName: string }> {
      const row = await orderRow(orderId);
      const customer = row.userId === null ? null : await mailContactOf(db, row.userId);
      const address = addressOf(row);
      const { parcel, items } = await parcelOf(row.id, units);
      // A return is of a delivered order, which always has its address.
      const pincode = row.deliveryPincode ?? address.postalCode;
      return courier.bookReturn({
        returnNumber,
        orderDate: clock.now(),
        pickup: {
          name: address.fullName,
          address: address.address,
          city: address.city,
          state: await stateOfDelivery(pincode, address.state),
          pincode,
          email: customer?.email ?? '',
          phone: normalisePhone(address.phone),
        },
        store: {
          name: store.legalName,
          address: store.address,
          city: returnTo.city,
          state: store.state,
          pincode: returnTo.pincode,
          phone: normalisePhone(store.customerCare.phone),
        },
        items,
        subTotalRupees: items.reduce((sum, item) => sum + item.sellingPriceRupees * item.units, 0),
        parcel,
      });
    },

    /** Decision 0066: gives back a reverse pickup booked twice (two approvals at once). */
    cancelReturn: (providerOrderId: string) => courier.cancel(providerOrderId),

    /** The order's shipment, the parcel its products make (what the Ship dialog starts from), and its refused scans. */
    async shipmentFor(orderId: string): Promise<ShipmentState> {
      const row = await orderRow(orderId);
      const shipment = await openShipment(row.id);
      const failed = await failedAttemptOf(row);
      const today = indiaDateOf(clock.now());
      const answer = failed?.shipment.deliveryAnswer as
        | (NdrAnswer & { eventId?: number; by?: 'admin' | 'customer' })
        | null;
      return {
        shipment: shipment ? shipmentOf(shipment, row.id) : null,
        failedDelivery: failed
          ? {
              reason: failed.latest.activity,
              at: failed.latest.occurredAt.toISOString(),
              answer:
                answer?.eventId === failed.latest.id
                  ? ndrTimelineNotes(answer, answer.by).internalNote
                  : null,
              earliestDate: addDays(today, 1),
              latestDate: addDays(today, REATTEMPT_WINDOW_DAYS),
            }
          : null,
        awaitingCodYes: await awaitsCodConfirmation(db, row.id),
        proposedParcel: (await parcelOf(row.id)).parcel,
        refusedScans: shipment ? (await eventsOf(shipment.id, { refused: true })).map(eventOf) : [],
      };
    },

    async label(orderId: string): Promise<{ awb: string; pdf: Buffer }> {
      const row = await orderRow(orderId);
      const shipment = await openShipment(row.id);
      if (!shipment) throw notFound(SHIPPING_MESSAGES.noShipment);
      return { awb: shipment.awb, pdf: shipment.label };
    },

    /**
     * Decision 0042: the shopper's cancel of a COD order: its booking, while not picked up, is
     * cancelled with the courier and here. True when no booking stands in the way (none, or now
     * cancelled, by this call or one at the same time), false once the courier has the parcel.
     */
    async cancelBookingBeforePickup(orderId: string): Promise<boolean> {
      const shipment = await openShipment(orderId);
      if (!shipment) return true;
      if (shipment.status !== 'booked') return false;
      try {
        await courier.cancel(shipment.providerOrderId);
      } catch (error) {
        // The courier refuses a second cancel, or one after its pickup: the row says which.
        const [current] = await db.select().from(shipments).where(eq(shipments.id, shipment.id));
        if (current?.cancelledAt) return true;
        if (current && current.status !== 'booked') return false;
        log.error({ err: error, awb: shipment.awb }, 'cancelling a courier booking failed');
        throw conflict(COD_CANCEL_MESSAGES.courierUnavailable);
      }
      const now = clock.now();
      const [still] = await db
        .update(shipments)
        .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
        .where(and(eq(shipments.id, shipment.id), eq(shipments.status, 'booked')))
        .returning({ id: shipments.id });
      if (still) return true;
      const [current] = await db.select().from(shipments).where(eq(shipments.id, shipment.id));
      return Boolean(current?.cancelledAt);
    },

    /** Cancels the shipment with the courier while it has not been picked up; the order stays packed. */
    async cancel(orderId: string): Promise<Shipment> {
      const row = await orderRow(orderId);
      const shipment = await openShipment(row.id);
      if (!shipment) throw notFound(SHIPPING_MESSAGES.noShipment);
      if (shipment.status !== 'booked') throw conflict(SHIPPING_MESSAGES.pickedUp);
      await courier.cancel(shipment.providerOrderId);
      const now = clock.now();
      const [cancelled] = await db
        .update(shipments)
        .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
        .where(and(eq(shipments.id, shipment.id), eq(shipments.status, 'booked')))
        .returning();
      if (!cancelled) throw conflict(SHIPPING_MESSAGES.pickedUp);
      return shipmentOf(cancelled, row.id);
    },

    /**
     * POST /api/shipping/webhook: one tracking scan. Stored once per shipment, status and time (a
     * unique index decides between instances); the order then takes the status of the latest scan
     * by the courier's time, so a late or repeated scan never moves it back or twice.
     */
    async receiveTracking(
      payload: unknown,
      token: string | undefined,
    ): Promise<{ stored: boolean; known: boolean }> {
      if (!courier.acceptsWebhookToken(token)) throw unauthorized(SHIPPING_MESSAGES.badWebhookToken);
      const parsed = TrackingWebhook.safeParse(payload);
      if (!parsed.success) throw invalid('Not a tracking update');
      const update = parsed.data;
      const kind = trackingKindOfShiprocket(
        update.current_status,
        update.shipment_status_id ?? update.current_status_id,
      );
      const at = courierTime(update.current_timestamp);
      if (!kind || !at) return { stored: false, known: true };
      const [shipment] = await db
        .select()
        .from(shipments)
        .where(
          and(
            eq(shipments.provider, courier.name),
            eq(shipments.awb, update.awb),
            isNull(shipments.cancelledAt),
          ),
        );
      if (!shipment) {
        const activity = update.scans?.at(-1)?.activity ?? update.current_status;
        if (await returnScan(update.awb, kind, at, activity)) return { stored: true, known: true };
        log.warn({ awb: update.awb }, 'tracking update for an unknown shipment');
        return { stored: false, known: false };
      }
      const scan = update.scans?.at(-1);
      const now = clock.now();
      let restocked = false;
      const latestTaken = (tx: Tx) =>
        tx
          .select()
          .from(shipmentEvents)
          .where(and(eq(shipmentEvents.shipmentId, shipment.id), isNull(shipmentEvents.refusedAt)))
          .orderBy(desc(shipmentEvents.occurredAt), desc(shipmentEvents.id))
          .limit(1);
      const received = await db.transaction(async (tx) => {
        // Serialises the scans of one order between instances; each then sees all committed scans.
        const order = await lockedOrderOf(tx, shipment.orderId);
        if (!order) return { stored: false, known: true };
        const [before] = await latestTaken(tx);
        const refused = scanRefused(order.status, kind, at, before?.occurredAt);
        const [stored] = await tx
          .insert(shipmentEvents)
          .values({
            shipmentId: shipment.id,
            eventKey: `${kind}|${at.toISOString()}`,
            kind,
            activity: scan?.activity ?? update.current_status,
            location: scan?.location ?? '',
            occurredAt: at,
            receivedAt: now,
            refusedAt: refused ? now : null,
          })
          .onConflictDoNothing()
          .returning({ id: shipmentEvents.id });
        if (!stored) return { stored: false, known: true };
        if (refused) {
          log.warn({ awb: update.awb, kind, status: order.status }, 'a courier scan the order refused');
          return { stored: true, known: true };
        }
        const [latest] = await latestTaken(tx);
        if (!latest) return { stored: true, known: true };
        await tx
          .update(shipments)
          .set({ status: latest.kind, updatedAt: now })
          .where(eq(shipments.id, shipment.id));
        const target = ORDER_STATUS_OF_SCAN[latest.kind as TrackingKind];
        if (target) {
          const note =
            latest.kind === 'undelivered'
              ? `${orderStatusLabel('failed_delivery')}: ${latest.activity}`
              : target === 'returned'
                ? parcelBackNote(order)
                : `${trackingKindLabel(latest.kind)}${latest.location ? `, ${latest.location}` : ''} (${shipment.courierName}, AWB ${shipment.awb})`;
          // One mail for where the order ends up, not one per step walked, by the back office's
          // rule; queued in this transaction, so a scan two instances take mails once.
          if (await moveOrder(tx, order, target, note, now)) {
            await mailStatus(tx, order, target, note, now);
            restocked = target === 'returned';
          }
        }
        return { stored: true, known: true };
      });
      // Announced once the units are committed, so a shopper never reads the old stock again.
      if (restocked) onStockChanged();
      return received;
    },

    /** GET /api/track: the order whose number and phone or e-mail match, else one 404 for both. */
    async track(orderNumber: string, contact: string): Promise<TrackedOrder> {
      const orderId = await orderIdByNumber(db, orderNumber.trim().toUpperCase());
      const order = orderId ? await orderOf(db, orderId) : null;
      // A quote nobody has claimed has no account to match (nor parcel to track).
      const account = order?.userId ? await contactOf(db, order.userId) : null;
      const found = order && account ? { order, email: account.email } : null;
      const wanted = contact.trim().toLowerCase();
      const matches =
        found &&
        (wanted.includes('@')
          ? [found.email, found.order.giftRecipientEmail].some((email) => email?.toLowerCase() === wanted)
          : normalisePhone(addressOf(found.order).phone) === normalisePhone(wanted) &&
            normalisePhone(wanted).length === 10);
      if (!found || !matches) throw notFound(SHIPPING_MESSAGES.trackNotFound);
      return (await trackedOrderOf(found.order)).tracked;
    },

    /** The shopper's own order page: tracking, and what a failed delivery asks of them. */
    async orderTracking(userId: number, orderId: string): Promise<OrderTracking | null> {
      const row = await orderRow(orderId);
      if (row.userId !== userId) throw notFound('Order not found');
      const { tracked, shipment, events } = await trackedOrderOf(row);
      if (!shipment) return null;
      const latest = events.at(-1);
      const today = indiaDateOf(clock.now());
      const answer = shipment.deliveryAnswer as { eventId?: number } | null;
      return {
        ...tracked,
        failedDelivery:
          row.status === 'failed_delivery' && latest?.kind === 'undelivered'
            ? {
                reason: latest.activity,
                answered: answer?.eventId === latest.id,
                earliestDate: addDays(today, 1),
                latestDate: addDays(today, REATTEMPT_WINDOW_DAYS),
              }
            : null,
      };
    },

    /** The shopper's answer to a failed delivery goes to the courier (NDR action), once per attempt. */
    async answerFailedDelivery(
      userId: number,
      orderId: string,
      answer: DeliveryAnswer,
    ): Promise<OrderTracking | null> {
      const row = await orderRow(orderId);
      if (row.userId !== userId) throw notFound('Order not found');
      await sendNdrAnswer(row, answer, 'customer', SHIPPING_MESSAGES.alreadyAnswered);
      return this.orderTracking(userId, orderId);
    },

    /**
     * Decision 0065: the owner's answer to a failed delivery is the courier's NDR action (a new
     * attempt, with what they corrected, or the parcel back to the store), once per attempt.
     */
    async actOnFailedDelivery(orderId: string, action: OwnerDeliveryAction): Promise<ShipmentState> {
      const row = await orderRow(orderId);
      const answer: NdrAnswer =
        action.action === 'return'
          ? { kind: 'return' }
          : {
              kind: 'reattempt',
              date: action.date,
              ...(action.address ? { address: action.address } : {}),
              ...(action.landmark ? { landmark: action.landmark } : {}),
              ...(action.phone ? { phone: normalisePhone(action.phone) } : {}),
            };
      await sendNdrAnswer(row, answer, 'admin', SHIPPING_MESSAGES.alreadyActed);
      return this.shipmentFor(orderId);
    },
  };
}
