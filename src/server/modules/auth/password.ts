import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { createHashGate, type HashLane } from './hash-gate';

/** scrypt's cost parameters; every hash records the ones it was made with. */
export type PasswordCost = { N: number; r: number; p: number };

// DESIGN 4 "Accounts and sessions": scrypt from node:crypto. N=2^14, r=8, p=5 is one of OWASP's
// equivalent scrypt settings (16 MiB, about 0.3 s here) and keeps memory low under many logins.
export const PASSWORD_COST: PasswordCost = { N: 2 ** 14, r: 8, p: 5 };
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
const PREFIX = 'scrypt';

/**
 * Decision 0056: hashes at once: 2 of libuv's 4 threads, and never every core, since each hash
 * keeps a core busy and the event loop needs one (1 on a 2-core machine).
 */
export const HASHES_AT_ONCE = Math.max(1, Math.min(2, availableParallelism() - 1));

/**
 * Decision 0056: one gate for every scrypt in the process (passwords and one-time codes), since
 * libuv's thread pool is the process's: HASHES_AT_ONCE at once, 8 waiting at most for 3 s,
 * 2 of those places per address, the rest answered 503 with Retry-After.
 */
export const passwordHashing = createHashGate({
  concurrent: HASHES_AT_ONCE,
  queued: 8,
  perRequester: 2,
  waitMs: 3000,
  retryAfterSeconds: 5,
});

function derive(
  password: string,
  salt: Buffer,
  params: PasswordCost,
  keyLength: number,
  requester: string | undefined,
  lane?: HashLane,
): Promise<Buffer> {
  // maxmem must exceed 128 * N * r, or scrypt refuses to run.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return passwordHashing.run(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
    requester,
    lane,
  );
}

/**
 * `scrypt$N$r$p$salt$key` (salt and key in base64url): each hash carries its own salt and
 * parameters, so the cost can be raised later without breaking stored hashes. Only tests pass a
 * cost of their own (a cheap one: hashing at full cost was most of the server suite's time).
 */
export async function hashPassword(
  password: string,
  cost: PasswordCost = PASSWORD_COST,
  /** The address asking (decision 0056: its share of the hashing queue). */
  requester?: string,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost, KEY_LENGTH, requester);
  return [PREFIX, cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function parse(hash: string): { params: PasswordCost; salt: Buffer; key: Buffer } | null {
  const [prefix, n, r, p, salt, key] = hash.split('$');
  if (prefix !== PREFIX || !salt || !key) return null;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(params).every((value) => Number.isSafeInteger(value) && value > 0)) return null;
  return { params, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

/** Constant-time comparison of the derived key; a malformed stored hash never matches. */
export async function verifyPassword(
  password: string,
  hash: string,
  requester?: string,
  lane?: HashLane,
): Promise<boolean> {
  const parsed = parse(hash);
  if (!parsed || parsed.key.length === 0) return false;
  const candidate = await derive(password, parsed.salt, parsed.params, parsed.key.length, requester, lane);
  return timingSafeEqual(candidate, parsed.key);
}
