import { useEffect, useState } from 'react';

// The phone code's words and timer, shared by the sign-in form and the account's mobile number;
// a module of their own, so that a page with the account's number (My Orders) does not load the
// whole sign-in form (scripts/js-budget.ts).

/** +91 98765 43210, as the number is read back to the shopper. */
export const spokenNumber = (digits: string) => `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;

/** Seconds left until `until` (a Date.now() time), counting down once a second; 0 when past. */
export function useCountdown(until: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (until <= Date.now()) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** Only digits go into the code box, as they are typed or pasted. */
export const codeDigits = (typed: string) => typed.replace(/\D/g, '');

/**
 * Asking for a code, and again once the wait is over: where it was sent (null until then), the
 * seconds left until another may be asked for, and whether a resend is on its way. A refusal is
 * the caller's to say, in the red box of the step that asked (`refused`).
 */
export function useCodeRequests<To>(request: (to: To) => Promise<{ resendAfter: number }>) {
  const [sent, setSent] = useState<To | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const [resending, setResending] = useState(false);
  const secondsLeft = useCountdown(resendAt);
  const send = async (to: To, refused: (error: unknown) => void) => {
    try {
      const { resendAfter } = await request(to);
      setSent(to);
      setResendAt(Date.now() + resendAfter * 1000);
    } catch (error) {
      refused(error);
    }
  };
  const resend = async (to: To, refused: (error: unknown) => void) => {
    setResending(true);
    try {
      await send(to, refused);
    } finally {
      setResending(false);
    }
  };
  return { sent, setSent, secondsLeft, resending, send, resend };
}
