/**
 * Expected failures carry a kind and a message a shopper can read; the error handler in
 * http/error-handler.ts maps kinds to HTTP status in one place.
 */
export type AppErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'tooLarge'
  | 'tooMany'
  | 'badGateway'
  | 'unavailable';

export const statusOfKind: Record<AppErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  tooMany: 429,
  badGateway: 502,
  unavailable: 503,
};

export type FieldError = { path: string; message: string };

export class AppError extends Error {
  constructor(
    readonly kind: AppErrorKind,
    message: string,
    readonly details: { errors?: FieldError[]; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const invalid = (message: string, errors?: FieldError[]) =>
  new AppError('invalid', message, errors ? { errors } : {});
export const unauthorized = (message = 'Please log in to continue') => new AppError('unauthorized', message);
export const forbidden = (message = 'You are not allowed to do that') => new AppError('forbidden', message);
export const notFound = (message: string) => new AppError('notFound', message);
export const conflict = (message: string) => new AppError('conflict', message);
export const tooLarge = (message: string) => new AppError('tooLarge', message);
export const tooMany = (message: string, retryAfterSeconds: number) =>
  new AppError('tooMany', message, { retryAfterSeconds });

/**
 * Decision 0053: a service the store depends on (the database, payments, the courier, SMS,
 * WhatsApp, mail, storage) did not answer in time or could not be reached: 503, with when to try
 * again.
 */
export const unavailable = (message: string, retryAfterSeconds = 30) =>
  new AppError('unavailable', message, { retryAfterSeconds });
/** Such a service answered, but with an error the shopper cannot fix by changing the request: 502. */
export const badGateway = (message: string) => new AppError('badGateway', message);

/** A wait as a 429's message says it: "40 seconds", "a minute", "12 minutes". */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? 'a minute' : `${minutes} minutes`;
}
