import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { AddressInput } from '../../../shared/address';
import type { AddressRecord } from '../../../shared/api/addresses';
import type { DeliveryInfo } from '../../../shared/delivery';
import { addressPincodeRefusal } from '../../../shared/delivery-rules';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { conflict, invalid, notFound } from '../../errors';
import { lockAccount } from '../auth';
import { addresses } from './tables';

// A generous cap so one account cannot fill the table; no shopper needs more delivery addresses.
export const MAX_ADDRESSES_PER_USER = 20;
const ADDRESS_NOT_FOUND = 'Address not found';

type AddressRow = typeof addresses.$inferSelect;

/** SPEC 3 "As read back" (snake_case). */
export const addressRecord = (row: AddressRow): AddressRecord => ({
  id: row.id,
  full_name: row.fullName,
  address_line_1: row.addressLine1,
  address_line_2: row.addressLine2,
  city: row.city,
  state: row.state,
  postal_code: row.postalCode,
  country: row.country,
  phone: row.phone,
  is_default: row.isDefault,
  address_type: row.addressType,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const fieldsOf = (input: AddressInput) => ({
  fullName: input.fullName,
  addressLine1: input.addressLine1,
  addressLine2: input.addressLine2,
  city: input.city,
  state: input.state,
  postalCode: input.postalCode,
  country: input.country,
  phone: input.phone,
  addressType: input.addressType,
});

export type AddressService = ReturnType<typeof createAddressService>;

/** The delivery module's pincode check (the product page's and checkout's). */
export type CheckPincode = (
  pincode: string,
) => Promise<{ info: Pick<DeliveryInfo, 'serviceable' | 'message'> }>;

/**
 * Every query is scoped by user id, so another user's address is simply "not found" (DESIGN 5).
 * Changes that touch the default run in one transaction that first locks the user's row: two
 * concurrent requests for one user take turns, and the partial unique index
 * (addresses_one_default_idx) is never hit; other users are not held up.
 */
export function createAddressService({
  db,
  clock,
  checkPincode,
}: {
  db: Db;
  clock: Clock;
  checkPincode: CheckPincode;
}) {
  /**
   * Decision 0068: an address the store cannot deliver to is refused when it is saved, with the
   * product page's words, so the shopper fixes it where they typed it.
   */
  async function refuseUndeliverable(input: AddressInput) {
    const { info } = await checkPincode(input.postalCode);
    if (info.serviceable) return;
    const message = addressPincodeRefusal(input.postalCode, info);
    throw invalid(message, [{ path: 'postalCode', message }]);
  }

  const ownedBy = (userId: number, id: number) => and(eq(addresses.userId, userId), eq(addresses.id, id));

  async function unsetDefault(tx: Tx, userId: number, except: number) {
    await tx
      .update(addresses)
      .set({ isDefault: false, updatedAt: clock.now() })
      .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), ne(addresses.id, except)));
  }

  async function markDefault(tx: Tx, userId: number, id: number): Promise<AddressRow> {
    await unsetDefault(tx, userId, id);
    const [row] = await tx
      .update(addresses)
      .set({ isDefault: true, updatedAt: clock.now() })
      .where(ownedBy(userId, id))
      .returning();
    if (!row) throw notFound(ADDRESS_NOT_FOUND);
    return row;
  }

  return {
    async list(userId: number): Promise<AddressRow[]> {
      return db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.isDefault), asc(addresses.id));
    },

    async get(userId: number, id: number): Promise<AddressRow> {
      const [row] = await db.select().from(addresses).where(ownedBy(userId, id)).limit(1);
      if (!row) throw notFound(ADDRESS_NOT_FOUND);
      return row;
    },

    async getDefault(userId: number): Promise<AddressRow | null> {
      const [row] = await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)))
        .limit(1);
      return row ?? null;
    },

    /** The user's first address becomes the default whatever the request says (SPEC 4). */
    async create(userId: number, input: AddressInput): Promise<AddressRow> {
      await refuseUndeliverable(input);
      return db.transaction(async (tx) => {
        await lockAccount(tx, userId);
        const [{ total } = { total: 0 }] = await tx
          .select({ total: count() })
          .from(addresses)
          .where(eq(addresses.userId, userId));
        if (total >= MAX_ADDRESSES_PER_USER) {
          throw conflict(
            `You can save up to ${MAX_ADDRESSES_PER_USER} addresses. Please delete one before adding another.`,
          );
        }
        const [row] = await tx
          .insert(addresses)
          .values({ ...fieldsOf(input), userId, isDefault: false })
          .returning();
        if (!row) throw new Error('Inserting an address returned no row');
        return input.isDefault || total === 0 ? markDefault(tx, userId, row.id) : row;
      });
    },

    /**
     * Replaces the fields. `isDefault: true` makes it the default; `false` never leaves the user
     * without one, so the current default stays default until another is chosen.
     */
    async update(userId: number, id: number, input: AddressInput): Promise<AddressRow> {
      await refuseUndeliverable(input);
      return db.transaction(async (tx) => {
        await lockAccount(tx, userId);
        const [row] = await tx
          .update(addresses)
          .set({ ...fieldsOf(input), updatedAt: clock.now() })
          .where(ownedBy(userId, id))
          .returning();
        if (!row) throw notFound(ADDRESS_NOT_FOUND);
        return input.isDefault && !row.isDefault ? markDefault(tx, userId, id) : row;
      });
    },

    async setDefault(userId: number, id: number): Promise<AddressRow> {
      return db.transaction(async (tx) => {
        await lockAccount(tx, userId);
        return markDefault(tx, userId, id);
      });
    },

    /** Deleting the default promotes the most recently added remaining address. */
    async remove(userId: number, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        await lockAccount(tx, userId);
        const [removed] = await tx.delete(addresses).where(ownedBy(userId, id)).returning();
        if (!removed) throw notFound(ADDRESS_NOT_FOUND);
        if (!removed.isDefault) return;
        const [next] = await tx
          .select({ id: addresses.id })
          .from(addresses)
          .where(eq(addresses.userId, userId))
          .orderBy(desc(addresses.id))
          .limit(1);
        if (next) await markDefault(tx, userId, next.id);
      });
    },
  };
}
