import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger-options';
import { setUpTestDatabase } from './testing/test-store';

const test = setUpTestDatabase();

/** The error a failing statement really throws, with a secret among its values (not the bad one). */
async function failedStatement(secret: string): Promise<Error> {
  try {
    await test.database.db.execute(sql`select ${secret}::text as hash, ${'twelve'}::int as n`);
  } catch (error) {
    return error as Error;
  }
  throw new Error('The statement did not fail');
}

describe('the log of an error', () => {
  const logged = (error: unknown) => JSON.stringify(loggerOptions('info').serializers.err(error));

  it('keeps a failed statement and the database’s reason, not the values it was sent', async () => {
    // The reason may quote the one value the database refused ('twelve'), never the whole list.
    const secret = 'scrypt$16384$8$5$not-for-the-log';
    const error = await failedStatement(secret);
    expect(error.message).toContain(secret);
    const line = logged(error);
    expect(line).not.toContain(secret);
    expect(line).toContain('select $1::text as hash, $2::int as n');
    expect(line).toContain('invalid input syntax for type integer');
    // Wrapped by another error, as a job's failure may be.
    const wrapped = logged(new Error('The job failed', { cause: error }));
    expect(wrapped).not.toContain(secret);
    expect(wrapped).toContain('The job failed');
  });

  it('leaves other errors as they are', () => {
    expect(JSON.parse(logged(new TypeError('no such thing')))).toMatchObject({
      type: 'TypeError',
      message: 'no such thing',
    });
  });
});
