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
