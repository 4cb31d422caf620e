import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signingKeys } from './tables';

const KEY_NAME = 'message-links';

// Decision 0068: a WhatsApp or SMS stop link is short (the channel's letter, the 10 digits and 16
// characters of the signature: 96 bits, far beyond guessing a link that only stops messages), so a
// message does not end in 130 characters of token. Longer tokens signed before still verify.
const SHORT_STOP = /^([ws])(\d{10})([A-Za-z0-9_-]{16})$/;
const shortStopBody = (channel: string, address: string) => `stop|${channel}|${address}`;
const sameText = (a: string, b: string) => {
  const given = Buffer.from(a);
  const expected = Buffer.from(b);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
};

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
  const sign = async (payload: Record<string, string | number>): Promise<string> => {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${await mac(body)}`;
  };

  return {
    /**
     * Reads the key now, for a caller about to sign inside a transaction: on a one-connection
     * database (PGlite) the key's first read beside an open transaction would wait for it.
     */
    async ready(): Promise<void> {
      await keyOf();
    },
    /** The token of a link that stops `channel` for `address`: short for a mobile's 10 digits. */
    async signStop(channel: string, address: string): Promise<string> {
      const letter = channel === 'whatsapp' ? 'w' : channel === 'sms' ? 's' : null;
      if (letter && /^\d{10}$/.test(address)) {
        return `${letter}${address}${(await mac(shortStopBody(channel, address))).slice(0, 16)}`;
      }
      return sign({ kind: 'stop', channel, address });
    },
    sign,
    /** The payload of a token this store signed, or null for anything else. */
    async verify(token: string): Promise<Record<string, unknown> | null> {
      const short = SHORT_STOP.exec(token);
      if (short) {
        const [, letter, address = '', signature = ''] = short;
        const channel = letter === 'w' ? 'whatsapp' : 'sms';
        const expected = (await mac(shortStopBody(channel, address))).slice(0, 16);
        return sameText(signature, expected) ? { kind: 'stop', channel, address } : null;
      }
      const [body, signature, ...rest] = token.split('.');
      if (!body || !signature || rest.length > 0) return null;
      if (!sameText(signature, await mac(body))) return null;
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
