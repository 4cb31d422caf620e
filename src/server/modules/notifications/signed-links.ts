import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signingKeys } from '../../db/schema';

const KEY_NAME = 'message-links';

/**
 * Signs and checks the tokens in the links messages carry (opt-out, cart restore). The key is made
 * once by whichever instance needs it first and kept in the database, so every instance signs and
 * checks alike with no configuration; it never changes, so each instance may keep it once read.
 */
export function createLinkSigner(db: Db) {
  let key: Promise<Buffer> | null = null;
  const keyOf = () => {
    key ??= (async () => {
      await db
        .insert(signingKeys)
        .values({ name: KEY_NAME, secret: crypto.randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db.select().from(signingKeys).where(eq(signingKeys.name, KEY_NAME));
      if (!row) throw new Error('The link signing key could not be read');
      return Buffer.from(row.secret, 'base64url');
    })().catch((error: unknown) => {
      key = null;
      throw error;
    });
    return key;
  };
  const mac = async (body: string) =>
    crypto
      .createHmac('sha256', await keyOf())
      .update(body)
      .digest('base64url');

  return {
    /**
     * Reads the key now, for a caller about to sign inside a transaction: on a one-connection
     * database (PGlite) the key's first read beside an open transaction would wait for it.
     */
    async ready(): Promise<void> {
      await keyOf();
    },
    async sign(payload: Record<string, string | number>): Promise<string> {
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${body}.${await mac(body)}`;
    },
    /** The payload of a token this store signed, or null for anything else. */
    async verify(token: string): Promise<Record<string, unknown> | null> {
      const [body, signature, ...rest] = token.split('.');
      if (!body || !signature || rest.length > 0) return null;
      const expected = Buffer.from(await mac(body));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
      try {
        const payload: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
        return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
      } catch {
        return null;
      }
    },
  };
}
export type LinkSigner = ReturnType<typeof createLinkSigner>;
