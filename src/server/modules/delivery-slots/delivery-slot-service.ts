import { asc, eq } from 'drizzle-orm';
import {
  DELIVERY_SLOT_MESSAGES,
  type DeliverySlotInput,
  type DeliverySlotRecord,
} from '../../../shared/api/delivery-slots';
import { toPaise, toRupees } from '../../../shared/money';
import type { TimedSlotRule } from '../../../shared/timed-slots';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { deliverySlots } from './tables';

type SlotRow = typeof deliverySlots.$inferSelect;

export type DeliverySlotService = ReturnType<typeof createDeliverySlotService>;

const ruleOf = (row: SlotRow): TimedSlotRule => ({
  id: row.id,
  name: row.name,
  startMinute: row.startMinute,
  endMinute: row.endMinute,
  windowMinutes: row.windowMinutes,
  feePaise: row.feePaise,
  cutoffMinutes: row.cutoffMinutes,
  zones: row.zones,
  pincodes: row.pincodes,
  weekdays: row.weekdays,
  active: row.active,
});

const recordOf = (row: SlotRow): DeliverySlotRecord => {
  const { feePaise, ...rule } = ruleOf(row);
  return {
    ...rule,
    fee: toRupees(feePaise),
    zones: [...rule.zones],
    pincodes: [...rule.pincodes],
    weekdays: [...rule.weekdays],
  };
};

const columnsOf = (input: DeliverySlotInput) => ({
  name: input.name,
  startMinute: input.startMinute,
  endMinute: input.endMinute,
  windowMinutes: input.windowMinutes,
  feePaise: toPaise(input.fee),
  cutoffMinutes: input.cutoffMinutes,
  zones: input.zones,
  // One entry per pincode, in the order typed.
  pincodes: [...new Set(input.pincodes)],
  weekdays: [...new Set(input.weekdays)].sort((a, b) => a - b),
  active: input.active,
});

/**
 * Decision 0073: the owner's timed delivery slots. The delivery dates and create-order read the
 * rules (`rules`); the back office lists, adds, changes and deletes them. An order keeps its
 * slot's name and window, so a change here never rewrites a promise already made.
 */
export function createDeliverySlotService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /** Every slot as the rules that offer it, in the order the owner made them. */
    async rules(): Promise<TimedSlotRule[]> {
      const rows = await db.select().from(deliverySlots).orderBy(asc(deliverySlots.id));
      return rows.map(ruleOf);
    },

    async list(): Promise<DeliverySlotRecord[]> {
      const rows = await db.select().from(deliverySlots).orderBy(asc(deliverySlots.id));
      return rows.map(recordOf);
    },

    async create(input: DeliverySlotInput): Promise<DeliverySlotRecord> {
      const [row] = await db.insert(deliverySlots).values(columnsOf(input)).returning();
      if (!row) throw new Error('The delivery slot was not stored');
      return recordOf(row);
    },

    async update(id: number, input: DeliverySlotInput): Promise<DeliverySlotRecord> {
      const [row] = await db
        .update(deliverySlots)
        .set({ ...columnsOf(input), updatedAt: clock.now() })
        .where(eq(deliverySlots.id, id))
        .returning();
      if (!row) throw notFound(DELIVERY_SLOT_MESSAGES.notFound);
      return recordOf(row);
    },

    /** Orders made with it keep its name and window (the order's foreign key is set to null). */
    async remove(id: number): Promise<void> {
      const [row] = await db
        .delete(deliverySlots)
        .where(eq(deliverySlots.id, id))
        .returning({ id: deliverySlots.id });
      if (!row) throw notFound(DELIVERY_SLOT_MESSAGES.notFound);
    },
  };
}
