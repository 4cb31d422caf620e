import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AddressForm } from '../../shared/address';
import type { CreateOrderResponse } from '../../shared/api/payments';
import { toPaise, toRupees } from '../../shared/money';
import { quoteShippingPaise } from '../../shared/shipping';
import type { Database } from '../db/client';
import { categories, pincodes, products, sessions, users } from '../db/schema';
import { tokenHashOf } from '../modules/auth';
import { sandboxId } from '../modules/payment-providers';

// For the tests of orders and payments: real rows in the test database, orders through the API.

export const TEST_ADDRESS: AddressForm = {
  fullName: 'Asha Rao',
  address: '12 MG Road, Ashok Nagar',
  city: 'Bengaluru',
  postalCode: '560001',
  phone: '98765 43210',
};

/** Two directory pincodes: the default origin (Bengaluru) and one far away (Delhi). */
export async function seedPincodes(database: Database) {
  await database.db
    .insert(pincodes)
    .values([
      {
        pincode: '560001',
        office: 'Bangalore GPO',
        district: 'Bangalore',
        state: 'Karnataka',
        latitude: 12.98,
        longitude: 77.6,
      },
      {
        pincode: '110001',
        office: 'New Delhi GPO',
        district: 'New Delhi',
        state: 'Delhi',
        latitude: 28.63,
        longitude: 77.22,
      },
    ])
    .onConflictDoNothing();
}

/**
 * seedPincodes, and 110011 and 400005: pincodes where the sandbox courier's first attempt fails
 * and the parcel then goes back (sandbox-courier.ts), for the delivery-failed and RTO paths.
 */
export async function seedPincodesWithFailingDelivery(database: Database) {
  await seedPincodes(database);
  await database.db
    .insert(pincodes)
    .values([
      {
        pincode: '110011',
        office: 'Nirman Bhawan',
        district: 'New Delhi',
        state: 'Delhi',
        latitude: 28.61,
        longitude: 77.2,
      },
      // The sandbox's "landmark needed" failure: a new attempt delivers only with a landmark.
      {
        pincode: '400005',
        office: 'Colaba',
        district: 'Mumbai',
        state: 'Maharashtra',
        latitude: 18.91,
        longitude: 72.81,
      },
    ])
    .onConflictDoNothing();
}

let productCounter = 0;

export type TestProduct = { id: number; name: string; pricePaise: number; categoryId: number };

/** A product of its own for one test, so tests in a file never share stock. */
export async function createTestProduct(
  database: Database,
  fields: Partial<{
    name: string;
    priceRupees: number;
    /** The MRP; the price by default. */
    mrpRupees: number;
    stock: number;
    allowPreOrder: boolean;
    minQuantity: number;
    archived: boolean;
    /** The product's category by name (made when missing); 'Return Gifts' by default. */
    category: string;
  }> = {},
): Promise<TestProduct> {
  productCounter += 1;
  const category = await testCategory(database, fields.category ?? 'Return Gifts');
  const name = fields.name ?? `Brass Diya Set ${productCounter}`;
  const [row] = await database.db
    .insert(products)
    .values({
      name,
      slug: `test-product-${productCounter}`,
      image: `/uploads/products/${productCounter}.webp`,
      pricePaise: toPaise(fields.priceRupees ?? 300),
      mrpPaise: toPaise(fields.mrpRupees ?? fields.priceRupees ?? 300),
      categoryId: category.id,
      stock: fields.stock ?? 20,
      allowPreOrder: fields.allowPreOrder ?? false,
      minQuantity: fields.minQuantity ?? 1,
      archived: fields.archived ?? false,
    })
    .returning({
      id: products.id,
      name: products.name,
      pricePaise: products.pricePaise,
      categoryId: products.categoryId,
    });
  return row!;
}

/** A category by name, made on first use. */
export async function testCategory(database: Database, name: string): Promise<{ id: number }> {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const [category] = await database.db
    .insert(categories)
    .values({ name, slug })
    .onConflictDoUpdate({ target: categories.slug, set: { name } })
    .returning({ id: categories.id });
  return category!;
}

export type Line = { product: TestProduct; quantity: number; inStock?: boolean; allowPreOrder?: boolean };

/** The rupee total the shopper sees: database prices plus the default shipping rule. */
export function totalFor(lines: readonly Line[]): number {
  const subtotal = lines.reduce((sum, line) => sum + line.product.pricePaise * line.quantity, 0);
  return toRupees(subtotal + quoteShippingPaise(subtotal).shippingFeePaise);
}

export function orderBody(
  lines: readonly Line[],
  overrides: Partial<{ totalAmount: number; shippingAddress: AddressForm; couponCode: string }> = {},
) {
  return {
    items: lines.map((line) => ({
      productId: line.product.id,
      quantity: line.quantity,
      inStock: line.inStock ?? true,
      allowPreOrder: line.allowPreOrder ?? false,
      minQuantity: 1,
    })),
    totalAmount: overrides.totalAmount ?? totalFor(lines),
    shippingAddress: overrides.shippingAddress ?? TEST_ADDRESS,
    ...(overrides.couponCode ? { couponCode: overrides.couponCode } : {}),
  };
}

export async function postOrder(
  app: FastifyInstance,
  headers: Record<string, string>,
  lines: readonly Line[],
  options: { idempotencyKey?: string; totalAmount?: number; couponCode?: string; address?: AddressForm } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/create-order',
    headers: { ...headers, ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}) },
    payload: orderBody(lines, {
      ...(options.totalAmount === undefined ? {} : { totalAmount: options.totalAmount }),
      ...(options.couponCode ? { couponCode: options.couponCode } : {}),
      ...(options.address ? { shippingAddress: options.address } : {}),
    }),
  });
}

/** An order that must be created; fails the test with the server's answer otherwise. */
export async function placeOrder(
  app: FastifyInstance,
  headers: Record<string, string>,
  lines: readonly Line[],
  options: Parameters<typeof postOrder>[3] = {},
): Promise<CreateOrderResponse> {
  const response = await postOrder(app, headers, lines, options);
  if (response.statusCode !== 200) {
    throw new Error(`create-order failed with ${response.statusCode}: ${response.body}`);
  }
  return response.json<CreateOrderResponse>();
}

let buyerCounter = 0;

/**
 * Many signed-in shoppers at once, for the concurrency tests: rows written as the auth module
 * writes them (a session stores the SHA-256 of its token), since registering dozens of users
 * through the API would spend the test's time hashing their passwords.
 */
export async function createBuyers(database: Database, count: number, now: Date) {
  const buyers = Array.from({ length: count }, () => {
    buyerCounter += 1;
    const unique = `${randomBytes(4).toString('hex')}${buyerCounter}`;
    return {
      email: `buyer-${unique}@example.com`,
      username: `buyer${unique}`,
      token: randomBytes(32).toString('base64url'),
    };
  });
  const rows = await database.db
    .insert(users)
    .values(
      buyers.map((buyer) => ({ ...buyer, fullName: 'Busy Buyer', passwordHash: 'not-a-password-hash' })),
    )
    .returning({ id: users.id, email: users.email });
  const idOf = new Map(rows.map((row) => [row.email, row.id]));
  await database.db.insert(sessions).values(
    buyers.map((buyer) => ({
      userId: idOf.get(buyer.email)!,
      tokenHash: tokenHashOf(buyer.token),
      expiresAt: new Date(now.getTime() + 24 * 60 * 60 * 1000),
    })),
  );
  return buyers.map((buyer) => ({ headers: { authorization: `Bearer ${buyer.token}` } }));
}

/** Pays an order through the sandbox provider's signed checkout answer, as its window does; answers the payment id. */
export async function payOrder(
  app: FastifyInstance,
  headers: Record<string, string>,
  created: CreateOrderResponse,
) {
  const paymentId = sandboxId('pay');
  const response = await app.inject({
    method: 'POST',
    url: '/api/payments/verify-payment',
    headers,
    payload: {
      razorpay_order_id: created.order.id,
      razorpay_payment_id: paymentId,
      razorpay_signature: app.sandboxProvider!.signPayment(created.order.id, paymentId),
      orderId: created.orderId,
    },
  });
  if (response.statusCode !== 200) {
    throw new Error(`verify-payment failed with ${response.statusCode}: ${response.body}`);
  }
  return paymentId;
}
