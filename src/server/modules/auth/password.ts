import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's cost parameters; every hash records the ones it was made with. */
export type PasswordCost = { N: number; r: number; p: number };

// DESIGN 4 "Accounts and sessions": scrypt from node:crypto. N=2^14, r=8, p=5 is one of OWASP's
// equivalent scrypt settings (16 MiB, about 0.3 s here) and keeps memory low under many logins.
export const PASSWORD_COST: PasswordCost = { N: 2 ** 14, r: 8, p: 5 };
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
const PREFIX = 'scrypt';

function derive(password: string, salt: Buffer, params: PasswordCost, keyLength: number): Promise<Buffer> {
  // maxmem must exceed 128 * N * r, or scrypt refuses to run.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * `scrypt$N$r$p$salt$key` (salt and key in base64url): each hash carries its own salt and
 * parameters, so the cost can be raised later without breaking stored hashes. Only tests pass a
 * cost of their own (a cheap one: hashing at full cost was most of the server suite's time).
 */
export async function hashPassword(password: string, cost: PasswordCost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost, KEY_LENGTH);
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
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const parsed = parse(hash);
  if (!parsed || parsed.key.length === 0) return false;
  const candidate = await derive(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(candidate, parsed.key);
}
