import { describe, expect, it } from 'vitest';
import {
  deriveSignupIdentity,
  displayName,
  LoginPayload,
  PASSWORD_MIN_LENGTH,
  RegisterPayload,
} from './auth';
import { ADULT_REQUIRED } from './auth-rules';

const messagesOf = (result: { error?: { issues: { message: string }[] } | undefined }) =>
  result.error?.issues.map((issue) => issue.message);

describe('LoginPayload (SPEC 5)', () => {
  it('trims and lower-cases the e-mail', () => {
    expect(LoginPayload.parse({ email: '  Priya.Sharma@Example.COM ', password: 'secret' })).toEqual({
      email: 'priya.sharma@example.com',
      password: 'secret',
    });
  });

  it('requires an e-mail and a password', () => {
    expect(messagesOf(LoginPayload.safeParse({ email: ' ', password: '' }))).toEqual([
      'Email is required',
      'Password is required',
    ]);
  });

  it('refuses something that is not an e-mail', () => {
    expect(messagesOf(LoginPayload.safeParse({ email: 'priya', password: 'secret' }))).toEqual([
      'Please enter a valid email address',
    ]);
  });

  it('accepts a short password at login, as the length rule is for signup', () => {
    expect(LoginPayload.safeParse({ email: 'a@example.com', password: '123' }).success).toBe(true);
  });
});

describe('RegisterPayload (SPEC 5)', () => {
  const valid = {
    email: 'priya@example.com',
    password: 'diwali',
    username: 'priya423',
    fullName: 'Priya',
    adult: true,
  };

  it('accepts a password of exactly six characters', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(6);
    expect(RegisterPayload.parse(valid)).toEqual(valid);
  });

  it('refuses a password shorter than six characters', () => {
    expect(messagesOf(RegisterPayload.safeParse({ ...valid, password: 'diwa' }))).toEqual([
      'Password must be at least 6 characters',
    ]);
  });

  it('refuses a sign-up without the 18-or-older declaration (decision 0063)', () => {
    const { adult: _, ...undeclared } = valid;
    expect(messagesOf(RegisterPayload.safeParse(undeclared))).toEqual([ADULT_REQUIRED]);
    expect(messagesOf(RegisterPayload.safeParse({ ...valid, adult: false }))).toEqual([ADULT_REQUIRED]);
  });

  it('requires username and full name', () => {
    expect(messagesOf(RegisterPayload.safeParse({ ...valid, username: ' ', fullName: '' }))).toEqual([
      'Username is required',
      'Full name is required',
    ]);
  });
});

describe('deriveSignupIdentity (SPEC 5)', () => {
  it('makes the username from the e-mail local part and a number below 1000', () => {
    expect(deriveSignupIdentity('priya@example.com', '  Priya Sharma ', () => 0.4237)).toEqual({
      username: 'priya423',
      fullName: 'Priya Sharma',
    });
  });

  it('uses the username as full name when no name is given', () => {
    expect(deriveSignupIdentity('rahul.k@example.com', '   ', () => 0.999)).toEqual({
      username: 'rahul.k999',
      fullName: 'rahul.k999',
    });
  });

  it('never reaches 1000', () => {
    expect(deriveSignupIdentity('a@example.com', '', () => 1).username).toBe('a0');
  });
});

describe('displayName (SPEC 2 checkout greeting)', () => {
  it('prefers the name', () => {
    expect(displayName({ name: 'Priya Sharma', email: 'priya@example.com', username: 'priya423' })).toBe(
      'Priya Sharma',
    );
    expect(displayName({ fullName: 'Rahul Kumar', email: 'rahul@example.com' })).toBe('Rahul Kumar');
  });

  it('falls back to the e-mail before the @, then the username, then User', () => {
    expect(displayName({ name: ' ', email: 'priya@example.com', username: 'priya423' })).toBe('priya');
    expect(displayName({ username: 'priya423' })).toBe('priya423');
    expect(displayName({})).toBe('User');
    expect(displayName(null)).toBe('User');
  });
});
