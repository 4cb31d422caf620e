import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderRecordsOf } from '../modules/order-records';
import { setUpTestDatabase } from '../testing/test-store';
import { migrationsFolder, rowsOf } from './client';
import { orders } from './schema';

// Decision 0072: the migration that moves each order's fees out of shipping_paise into rows of
// their own, run on orders of every kind as a store had them before it, to the paisa.
const testDatabase = setUpTestDatabase();
const statements = fs
  .readFileSync(path.join(migrationsFolder, '0043_order-charges.sql'), 'utf8')
  .split('--> statement-breakpoint');

/** One order of each kind the store has taken, in the columns it had before the charges. */
const OLD_ORDERS = [
  // number, payment, subtotal, discount, shipping (all fees), slot fee, COD fee, total
  {
    number: 'RG-OLD-1',
    kind: 'online, free shipping',
    payment: 'online',
    subtotal: 1_20_000,
    discount: 0,
    shipping: 0,
    slot: 0,
    cod: 0,
  },
  {
    number: 'RG-OLD-2',
    kind: 'online, ₹50 shipping',
    payment: 'online',
    subtotal: 90_000,
    discount: 0,
    shipping: 5_000,
    slot: 0,
    cod: 0,
  },
  {
    number: 'RG-OLD-3',
    kind: 'coupon',
    payment: 'online',
    subtotal: 90_000,
    discount: 10_000,
    shipping: 5_000,
    slot: 0,
    cod: 0,
  },
  {
    number: 'RG-OLD-4',
    kind: 'midnight slot',
    payment: 'online',
    subtotal: 1_50_000,
    discount: 0,
    shipping: 19_900,
    slot: 19_900,
    cod: 0,
  },
  {
    number: 'RG-OLD-5',
    kind: 'cash on delivery',
    payment: 'cod',
    subtotal: 80_000,
    discount: 0,
    shipping: 9_900,
    slot: 0,
    cod: 4_900,
  },
  {
    number: 'RG-OLD-6',
    kind: 'COD, midnight, coupon',
    payment: 'cod',
    subtotal: 95_050,
    discount: 9_505,
    shipping: 29_800,
    slot: 19_900,
    cod: 4_900,
  },
  {
    number: 'RG-OLD-7',
    kind: 'quote, tiered, free shipping',
    payment: 'online',
    subtotal: 5_40_000,
    discount: 0,
    shipping: 0,
    slot: 0,
    cod: 0,
  },
  {
    number: 'RG-OLD-8',
    kind: 'COD, free shipping, fee only',
    payment: 'cod',
    subtotal: 1_00_000,
    discount: 0,
    shipping: 4_900,
    slot: 0,
    cod: 4_900,
  },
] as const;

describe('the order-charges migration', () => {
  it('moves every kind of order’s fees into rows without changing any total, to the paisa', async () => {
    const { db } = testDatabase.database;
    // The schema as it was before the migration: the fee columns, no charge rows.
    await db.execute(sql`DROP TABLE order_charges`);
    await db.execute(sql`ALTER TABLE orders ADD COLUMN shipping_paise bigint NOT NULL DEFAULT 0`);
    await db.execute(sql`ALTER TABLE orders ADD COLUMN delivery_slot_fee_paise bigint NOT NULL DEFAULT 0`);
    await db.execute(sql`ALTER TABLE orders ADD COLUMN cod_fee_paise bigint NOT NULL DEFAULT 0`);
    for (const old of OLD_ORDERS) {
      const total = old.subtotal - old.discount + old.shipping;
      await db.execute(sql`
        INSERT INTO orders (order_number, status, subtotal_paise, discount_paise, shipping_paise,
          delivery_slot_fee_paise, cod_fee_paise, total_paise, shipping_address, delivery_pincode,
          provider, payment_method, delivery_date, delivery_slot)
        VALUES (${old.number}, 'paid', ${old.subtotal}, ${old.discount}, ${old.shipping}, ${old.slot},
          ${old.cod}, ${total},
          ${JSON.stringify({ fullName: 'Meera Iyer', address: '4 Park Street', city: 'Kolkata', postalCode: '700016', phone: '9830012345' })}::jsonb,
          '700016', 'sandbox', ${old.payment}, ${old.slot > 0 ? '2026-11-24' : null},
          ${old.slot > 0 ? 'midnight' : null})`);
    }

    for (const statement of statements) await db.execute(sql.raw(statement));

    const charges = rowsOf<{
      order_number: string;
      kind: string;
      label: string;
      amount_paise: string;
      code: string;
      gst_rate_bp: number;
    }>(
      await db.execute(sql`
        SELECT o.order_number, c.kind, c.label, c.amount_paise::text, c.code, c.gst_rate_bp
        FROM order_charges c JOIN orders o ON o.id = c.order_id ORDER BY o.order_number, c.id`),
    );
    const rows = await db.select().from(orders).where(sql`${orders.orderNumber} LIKE 'RG-OLD-%'`);
    const records = await orderRecordsOf(db, rows);
    for (const old of OLD_ORDERS) {
      const own = charges.filter((charge) => charge.order_number === old.number);
      const paise = (kind: string) => Number(own.find((charge) => charge.kind === kind)?.amount_paise ?? 0);
      const record = records.find((order) => order.orderNumber === old.number);
      const row = rows.find((order) => order.orderNumber === old.number);
      const total = old.subtotal - old.discount + old.shipping;
      expect({ kind: old.kind, total: row?.totalPaise }).toEqual({ kind: old.kind, total });
      expect({
        kind: old.kind,
        fees: own.reduce((sum, charge) => sum + Number(charge.amount_paise), 0),
      }).toEqual({
        kind: old.kind,
        fees: old.shipping,
      });
      expect([paise('shipping'), paise('delivery_slot'), paise('cash_on_delivery')]).toEqual([
        old.shipping - old.slot - old.cod,
        old.slot,
        old.cod,
      ]);
      // What the shopper, the owner and the invoice read of it afterwards.
      expect(record).toMatchObject({
        totalAmount: total / 100,
        shippingCost: old.shipping / 100,
        subtotal: old.subtotal / 100,
        discount: old.discount / 100,
      });
      if (old.slot > 0)
        expect(record?.delivery).toEqual({ date: '2026-11-24', slot: 'midnight', fee: old.slot / 100 });
      if (old.payment === 'cod') expect(record?.cashOnDelivery?.fee).toBe(old.cod / 100);
    }
    expect(charges.filter((charge) => charge.order_number === 'RG-OLD-6')).toEqual([
      {
        order_number: 'RG-OLD-6',
        kind: 'shipping',
        label: 'Shipping',
        amount_paise: '5000',
        code: '996812',
        gst_rate_bp: 1800,
      },
      {
        order_number: 'RG-OLD-6',
        kind: 'delivery_slot',
        label: 'Midnight delivery',
        amount_paise: '19900',
        code: '996812',
        gst_rate_bp: 1800,
      },
      {
        order_number: 'RG-OLD-6',
        kind: 'cash_on_delivery',
        label: 'Cash on delivery fee',
        amount_paise: '4900',
        code: '996812',
        gst_rate_bp: 1800,
      },
    ]);
    const columns = rowsOf<{ column_name: string }>(
      await db.execute(sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'orders'`),
    ).map((column) => column.column_name);
    expect(columns).not.toContain('shipping_paise');
    expect(columns).not.toContain('cod_fee_paise');
    expect(columns).not.toContain('delivery_slot_fee_paise');
  });
});
