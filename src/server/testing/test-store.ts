import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { StaffRole } from '../../shared/staff-roles';
import { type Clock, systemClock } from '../clock';
import type { Database } from '../db/client';
import { registerTestAdmin, registerTestStaff, registerTestUser, type TestAccount } from './test-accounts';
import { createTestApp } from './test-app';
import { createTestDatabase } from './test-database';

type CustomerFields = Parameters<typeof registerTestUser>[1];

export type TestStoreOptions<C extends Clock> = {
  /** The app's clock; the real time when absent. */
  clock?: C;
  /**
   * Settings on top of the test defaults (BACKGROUND_JOBS: 'false' to call the sweeps by hand), or
   * a function answering them when they are known only once something has started.
   */
  env?: Record<string, string> | (() => Promise<Record<string, string>>);
  /** Rows written before the app starts: it loads some (the pincode directory) when it starts. */
  seed?: (database: Database) => Promise<unknown>;
  /** A signed-in customer made once for the file (`store.customer`), with these fields if given. */
  customer?: boolean | CustomerFields;
  /** An owner made once for the file (`store.admin`). */
  admin?: boolean;
  /** Routes only this file's tests need, added before the app starts. */
  routes?: (app: FastifyInstance) => void;
  /** A built web app to serve, and the server renderer to use with it (else none). */
  webDistDir?: string;
  webRendererPath?: string;
};

export type TestStore<C extends Clock = Clock> = {
  readonly database: Database;
  readonly app: FastifyInstance;
  readonly clock: C;
  /** The customer asked for with `customer`. */
  readonly customer: TestAccount;
  /** The owner asked for with `admin`. */
  readonly admin: TestAccount;
  /** One more signed-in customer, registered through the API. */
  newCustomer(fields?: CustomerFields): Promise<TestAccount>;
  /** One more owner, promoted the way admin:create does it. */
  newAdmin(): Promise<TestAccount>;
  /** An admin with this staff role. */
  newStaff(staffRole: StaffRole): Promise<TestAccount>;
};

/**
 * The database of a test file's own, copied from the run's migrated template, closed after the
 * file. Read `.database` inside tests and hooks: it is opened in beforeAll.
 */
export function setUpTestDatabase(): { readonly database: Database } {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });
  return {
    get database() {
      return ready(database, 'database');
    },
  };
}

/**
 * The one set-up of a server test file: its own database (setUpTestDatabase), a store app on it and
 * the accounts it asks for, made in beforeAll and closed in afterAll. Call it at the top of the
 * file (or of a describe); read its fields inside tests and hooks.
 */
export function setUpTestStore<C extends Clock = Clock>(options: TestStoreOptions<C> = {}): TestStore<C> {
  const testDatabase = setUpTestDatabase();
  let app: FastifyInstance | undefined;
  let customer: TestAccount | undefined;
  let admin: TestAccount | undefined;

  beforeAll(async () => {
    await options.seed?.(testDatabase.database);
    const env = typeof options.env === 'function' ? await options.env() : options.env;
    app = await createTestApp(testDatabase.database, {
      clock: options.clock,
      env,
      webDistDir: options.webDistDir,
      webRendererPath: options.webRendererPath,
    });
    options.routes?.(app);
    await app.ready();
    if (options.customer) {
      customer = await registerTestUser(app, options.customer === true ? {} : options.customer);
    }
    if (options.admin) admin = await registerTestAdmin(app, testDatabase.database);
  });
  // Registered after setUpTestDatabase's, so it runs first: the app closes before its database.
  afterAll(async () => {
    await app?.close();
  });

  return {
    get database() {
      return testDatabase.database;
    },
    get app() {
      return ready(app, 'app');
    },
    clock: (options.clock ?? systemClock) as C,
    get customer() {
      return ready(customer, 'customer (ask setUpTestStore for { customer: true })');
    },
    get admin() {
      return ready(admin, 'admin (ask setUpTestStore for { admin: true })');
    },
    newCustomer: (fields = {}) => registerTestUser(ready(app, 'app'), fields),
    newAdmin: () => registerTestAdmin(ready(app, 'app'), testDatabase.database),
    newStaff: (staffRole) => registerTestStaff(ready(app, 'app'), testDatabase.database, staffRole),
  };
}

function ready<T>(value: T | undefined, name: string): T {
  if (value === undefined) {
    throw new Error(`The test store has no ${name} yet: it is made in beforeAll, read it in tests and hooks`);
  }
  return value;
}
