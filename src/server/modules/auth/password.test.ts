import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('stores scrypt parameters, a salt and the key, never the password', async () => {
    const hash = await hashPassword('diwali2025');
    expect(hash).toMatch(/^scrypt\$16384\$8\$5\$[\w-]{22}\$[\w-]{86}$/);
    expect(hash).not.toContain('diwali2025');
  });

  it('hashes with a cost passed in, written into the hash, and verifies it the same way', async () => {
    const hash = await hashPassword('ganesh-chaturthi', { N: 2 ** 4, r: 8, p: 1 });
    expect(hash).toMatch(/^scrypt\$16\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await verifyPassword('ganesh-chaturthi', hash)).toBe(true);
    expect(await verifyPassword('ganesh-chaturth', hash)).toBe(false);
  });

  it('salts every hash, so the same password hashes differently', async () => {
    expect(await hashPassword('same-password')).not.toBe(await hashPassword('same-password'));
  });

  it('accepts the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('rakhi-gifts');
    expect(await verifyPassword('rakhi-gifts', hash)).toBe(true);
    expect(await verifyPassword('rakhi-gift', hash)).toBe(false);
  });

  it('verifies with the parameters stored in the hash, so the cost can change later', async () => {
    const cheaper = 'scrypt$1024$8$1$c2FsdHNhbHRzYWx0c2FsdA$';
    const { scryptSync } = await import('node:crypto');
    const key = scryptSync('holi', Buffer.from('c2FsdHNhbHRzYWx0c2FsdA', 'base64url'), 32, {
      N: 1024,
      r: 8,
      p: 1,
    });
    expect(await verifyPassword('holi', `${cheaper}${key.toString('base64url')}`)).toBe(true);
  });

  it('never matches a malformed stored hash', async () => {
    expect(await verifyPassword('anything', 'plain-text-password')).toBe(false);
    expect(await verifyPassword('anything', 'scrypt$x$8$1$salt$key')).toBe(false);
    expect(await verifyPassword('anything', 'scrypt$1024$8$1$salt$')).toBe(false);
  });
});
