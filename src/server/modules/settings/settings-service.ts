import { desc, eq, sql } from 'drizzle-orm';
import { gstStateCode } from '../../../shared/gst';
import { gstinStateMessage } from '../../../shared/gstin';
import { OWNER_SETTING_FIELDS, OwnerSettings, type SettingsChange } from '../../../shared/owner-settings';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { ChangeCounters } from '../../db/change-counters';
import type { Db, Queryable } from '../../db/client';
import { invalid } from '../../errors';
import { adminAuditLog, storeSettings } from './tables';

const ROW_ID = 1;

/** What the owner's settings are until saved: each field's configuration variable (owner-settings.ts). */
export function settingsDefaultsFrom(config: Config): OwnerSettings {
  // Read by the variable names each field lists (owner-settings.ts, which cannot import Config).
  const env: Readonly<Record<string, unknown>> = config;
  const values: Record<string, unknown> = {};
  for (const { key, meta } of OWNER_SETTING_FIELDS) {
    values[key] = meta.env.map((name) => env[name]).find((value) => value !== undefined);
  }
  // Configuration was validated at start (config.ts) with rules at least as loose as the form's.
  return values as OwnerSettings;
}

/** What an audit line is about: settings, staff, or (decision 0081) a customer's corporate approval. */
export type AuditArea = 'settings' | 'staff' | 'customers';
export type AuditLine = {
  actor: SettingsActor;
  area: AuditArea;
  changes: SettingsChange['changes'];
};

/** One audit line: who changed what in settings or staff, and when. */
export async function writeAuditLine(executor: Queryable, line: AuditLine, at: Date): Promise<void> {
  await executor.insert(adminAuditLog).values({
    at,
    userId: line.actor.id,
    userEmail: line.actor.email,
    area: line.area,
    changes: line.changes,
  });
}

export type SettingsSnapshot = { values: OwnerSettings; version: number };
export type SettingsActor = { id: number; email: string };
export type SettingsService = ReturnType<typeof createSettingsService>;

/**
 * The owner's settings as every instance sees them. A read costs one primary-key look-up of the
 * version; the values are read and parsed again only when another save (on any instance) moved it,
 * so a change applies on the next read everywhere, with no restart and no message to miss. On the
 * embedded database (one process) saves are counted in memory and a read makes no query until one
 * moves the count (decision 47).
 */
export function createSettingsService({
  db,
  clock,
  config,
  changesInProcess = null,
}: {
  db: Db;
  clock: Clock;
  config: Config;
  /** The embedded database's change counters: a read then looks at a save counted in memory. */
  changesInProcess?: ChangeCounters | null;
}) {
  const defaults = settingsDefaultsFrom(config);
  let cached: SettingsSnapshot = { values: defaults, version: 0 };

  const merge = (saved: Partial<OwnerSettings>): OwnerSettings => ({ ...defaults, ...saved });

  // Saves made by this instance: a read begun before one of them must not put older values back.
  let saves = 0;

  // On the embedded database: the saves counted when the cached values were read.
  let savesCounted: number | null = null;

  async function read(): Promise<SettingsSnapshot> {
    const savesBefore = saves;
    if (changesInProcess) {
      const counted = changesInProcess.count('settings');
      if (counted === savesCounted) return cached;
      const snapshot = await readValues();
      if (savesBefore === saves) {
        cached = snapshot;
        savesCounted = counted;
      }
      return snapshot;
    }
    const [row] = await db
      .select({ version: storeSettings.version })
      .from(storeSettings)
      .where(eq(storeSettings.id, ROW_ID));
    const version = row?.version ?? 0;
    // Equal versions hold equal values: each save moves the version in the same statement.
    if (version === cached.version) return cached;
    const snapshot = await readValues();
    if (savesBefore === saves) cached = snapshot;
    return snapshot;
  }

  async function readValues(): Promise<SettingsSnapshot> {
    const [full] = await db
      .select({ values: storeSettings.values, version: storeSettings.version })
      .from(storeSettings)
      .where(eq(storeSettings.id, ROW_ID));
    return full ? { values: merge(full.values), version: full.version } : { values: defaults, version: 0 };
  }

  // Reads that arrive while one is under way share it: under load the version is looked up far
  // less than once per request, and a read never waits on more than one round trip.
  let reading: Promise<SettingsSnapshot> | null = null;
  function get(): Promise<SettingsSnapshot> {
    if (reading) return reading;
    const current = read().finally(() => {
      if (reading === current) reading = null;
    });
    reading = current;
    return current;
  }

  return {
    get,
    /**
     * The values as saved, read through the caller's transaction: inside one, a read on another
     * connection would wait for it on the embedded database (a single connection).
     */
    async valuesIn(executor: Queryable): Promise<OwnerSettings> {
      const [row] = await executor
        .select({ values: storeSettings.values })
        .from(storeSettings)
        .where(eq(storeSettings.id, ROW_ID));
      return merge(row?.values ?? {});
    },
    /** The values as this instance last read them, for what must be synchronous (mail text). */
    current: (): OwnerSettings => cached.values,

    /** Validates, saves and writes the audit line in one transaction; nothing is saved on a refusal. */
    async save(input: OwnerSettings, actor: SettingsActor): Promise<SettingsSnapshot> {
      const values = OwnerSettings.parse(input);
      if (values.gstin.slice(0, 2) !== gstStateCode(config.STORE_STATE)) {
        const message = gstinStateMessage(config.STORE_STATE);
        throw invalid(message, [{ path: 'gstin', message }]);
      }
      await db.transaction(async (tx) => {
        // The row lock orders concurrent saves, so each audit line compares with what it replaced.
        const [row] = await tx
          .select({ values: storeSettings.values })
          .from(storeSettings)
          .where(eq(storeSettings.id, ROW_ID))
          .for('update');
        const before = merge(row?.values ?? {});
        // A list (the order-update channels) is compared by what it holds, not by identity.
        const changes = OWNER_SETTING_FIELDS.filter(
          ({ key }) => JSON.stringify(before[key]) !== JSON.stringify(values[key]),
        ).map(({ key }) => ({ key, from: before[key], to: values[key] }));
        if (changes.length === 0) return;
        const now = clock.now();
        await tx
          .insert(storeSettings)
          .values({ id: ROW_ID, values, version: 1, updatedAt: now, updatedBy: actor.id })
          .onConflictDoUpdate({
            target: storeSettings.id,
            set: { values, version: sql`${storeSettings.version} + 1`, updatedAt: now, updatedBy: actor.id },
          });
        await writeAuditLine(tx, { actor, area: 'settings', changes }, now);
      });
      // Read afresh, not through a read that began before the save committed.
      changesInProcess?.bump('settings');
      saves += 1;
      reading = null;
      return get();
    },

    /** The latest changes of one area, newest first. */
    async history(area: AuditArea, limit = 20): Promise<SettingsChange[]> {
      const rows = await db
        .select()
        .from(adminAuditLog)
        .where(eq(adminAuditLog.area, area))
        .orderBy(desc(adminAuditLog.at), desc(adminAuditLog.id))
        .limit(limit);
      return rows.map((row) => ({ at: row.at.toISOString(), by: row.userEmail, changes: row.changes }));
    },
  };
}
