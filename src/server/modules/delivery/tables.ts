import { doublePrecision, pgTable, text } from 'drizzle-orm/pg-core';

/** India Post's pincode directory (one row a pincode), loaded by the seed from npm packages. */
export const pincodes = pgTable('pincodes', {
  pincode: text('pincode').primaryKey(),
  office: text('office').notNull(),
  district: text('district').notNull(),
  state: text('state').notNull(),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
});
