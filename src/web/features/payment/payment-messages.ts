import { PAYMENT_MESSAGES as SERVER_MESSAGES } from '../../../shared/api/payments-rules';
import { ApiError } from '../../api/client';

/** SPEC 8 "Payment" messages, in the product's words. */
export const PAYMENT_MESSAGES = {
  initiateFailed: 'Failed to initiate payment',
  cancelled: 'Payment cancelled by user',
  failed: (description: string | undefined) => `Payment failed: ${description?.trim() || 'Unknown error'}`,
  verificationFailed: 'Payment verification failed. Please contact support.',
  verificationFailedWith: (message: string) => `Payment verification failed: ${message}`,
  scriptFailed: 'Could not open the payment window. Please check your connection and try again.',
} as const;

/** A message the server itself wrote (not our client's network or parse failure). */
const serverMessage = (error: unknown) =>
  error instanceof ApiError && error.status > 0 && error.message ? error.message : null;

/** SPEC 8: the server's message, else 'Failed to initiate payment'. */
export const initiateFailureMessage = (error: unknown) =>
  serverMessage(error) ?? PAYMENT_MESSAGES.initiateFailed;

/**
 * SPEC 8: 'Payment verification failed: {server message}', else the contact-support sentence. The
 * server's bare 'Payment verification failed' would only repeat itself, so it gets the sentence.
 */
export function verificationFailureMessage(error: unknown): string {
  const message = serverMessage(error);
  return message && message !== SERVER_MESSAGES.verificationFailed
    ? PAYMENT_MESSAGES.verificationFailedWith(message)
    : PAYMENT_MESSAGES.verificationFailed;
}
