import { eq, sql } from 'drizzle-orm';
import { cityOfDistrict } from '../../../shared/indian-states';
import { asJsonRows, type Db, fromJsonRows, type Queryable, rowsOf } from '../../db/client';
import { pincodes } from './tables';

/** One pincode of the directory, as the delivery engine needs it. */
export type PincodePlace = {
  district: string;
  state: string;
  /** Great-circle distance from the origin in km; null when neither it nor its district has coordinates. */
  distanceKm: number | null;
  /** DESIGN 4: the same-day area is the origin's district. */
  inOriginDistrict: boolean;
};

export type PincodeDirectorySnapshot = {
  places: ReadonlyMap<string, PincodePlace>;
  /** False when the origin pincode is not in the directory: nothing is then same-day or next-day. */
  originKnown: boolean;
};

export type PincodeDirectory = {
  /** The loaded directory, or null before the first load finished. */
  current(): PincodeDirectorySnapshot | null;
  /** The directory, loading it on first use; concurrent callers share one load. */
  get(): Promise<PincodeDirectorySnapshot>;
  /** Reloads from the database (after a re-seed or an edit of the table) and swaps atomically. */
  refresh(): Promise<PincodeDirectorySnapshot>;
};

const EARTH_RADIUS_KM = 6371;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

function greatCircleKm(from: Coordinates, to: Coordinates): number {
  const dLat = toRadians(to.latitude - from.latitude);
  const dLon = toRadians(to.longitude - from.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(from.latitude)) * Math.cos(toRadians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

type Coordinates = { latitude: number; longitude: number };

type DirectoryRow = {
  pincode: string;
  district: string;
  state: string;
  latitude: number | null;
  longitude: number | null;
};

// An empty table (not seeded yet) is read again on a later lookup, but not more often than this,
// so a store without a directory does not turn every lookup into a query.
const EMPTY_RETRY_MS = 30_000;

/**
 * The directory (about 19,000 rows) lives in a Map, read from the database once; a lookup
 * is a Map read, never a query (a query per lookup costs 80-90 % of the route's throughput). The
 * table stays the source of truth; `refresh` re-reads it.
 */
export function createPincodeDirectory({
  db,
  originPincode,
}: {
  db: Db;
  originPincode: string;
}): PincodeDirectory {
  let snapshot: PincodeDirectorySnapshot | null = null;
  let loading: Promise<PincodeDirectorySnapshot> | null = null;
  let emptyUntil = 0;

  const load = () => {
    loading ??= (async () => {
      try {
        const rows = await readDirectory(db);
        const next = buildSnapshot(rows, originPincode);
        snapshot = next;
        emptyUntil = rows.length === 0 ? Date.now() + EMPTY_RETRY_MS : 0;
        return next;
      } finally {
        loading = null;
      }
    })();
    return loading;
  };

  return {
    current: () => snapshot,
    get: async () => {
      if (snapshot && (snapshot.places.size > 0 || Date.now() < emptyUntil)) return snapshot;
      return load();
    },
    refresh: load,
  };
}

/**
 * Every row of the directory, read as one JSON text (asJsonRows): the store waits for this read
 * before it listens (the delivery routes' warm-up).
 */
async function readDirectory(db: Db): Promise<DirectoryRow[]> {
  const result = await db.execute(
    asJsonRows(sql`SELECT pincode, district, state, latitude, longitude FROM ${pincodes}`),
  );
  return fromJsonRows<DirectoryRow>(rowsOf<{ rows: string }>(result)[0]);
}

function buildSnapshot(rows: DirectoryRow[], originPincode: string): PincodeDirectorySnapshot {
  // A pincode without coordinates (about 1 % of the directory) is placed at the centre of its
  // district, else of its state, so its delivery days still follow its distance.
  const districtCentres = centres(rows, (row) => `${row.state}|${row.district}`);
  const stateCentres = centres(rows, (row) => row.state);
  const coordinatesOf = (row: DirectoryRow): Coordinates | null =>
    row.latitude !== null && row.longitude !== null
      ? { latitude: row.latitude, longitude: row.longitude }
      : (districtCentres.get(`${row.state}|${row.district}`) ?? stateCentres.get(row.state) ?? null);

  const originRow = rows.find((row) => row.pincode === originPincode);
  const origin = originRow ? coordinatesOf(originRow) : null;
  const places = new Map<string, PincodePlace>();
  for (const row of rows) {
    const at = coordinatesOf(row);
    places.set(row.pincode, {
      district: cityOfDistrict(row.district),
      state: row.state,
      distanceKm: origin && at ? greatCircleKm(origin, at) : null,
      inOriginDistrict:
        originRow !== undefined && row.district === originRow.district && row.state === originRow.state,
    });
  }
  return { places, originKnown: originRow !== undefined };
}

function centres(rows: DirectoryRow[], keyOf: (row: DirectoryRow) => string): Map<string, Coordinates> {
  const sums = new Map<string, { latitude: number; longitude: number; count: number }>();
  for (const row of rows) {
    if (row.latitude === null || row.longitude === null) continue;
    const key = keyOf(row);
    const sum = sums.get(key) ?? { latitude: 0, longitude: 0, count: 0 };
    sum.latitude += row.latitude;
    sum.longitude += row.longitude;
    sum.count += 1;
    sums.set(key, sum);
  }
  return new Map(
    [...sums].map(([key, sum]) => [
      key,
      { latitude: sum.latitude / sum.count, longitude: sum.longitude / sum.count },
    ]),
  );
}

/**
 * The State of a pincode in India Post's directory, read in the caller's transaction (an invoice's
 * place of supply); null for a pincode the directory does not know.
 */
export async function stateOfPincode(runner: Queryable, pincode: string): Promise<string | null> {
  const [place] = await runner
    .select({ state: pincodes.state })
    .from(pincodes)
    .where(eq(pincodes.pincode, pincode));
  return place?.state ?? null;
}
