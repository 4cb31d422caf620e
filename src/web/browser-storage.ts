/**
 * This browser's localStorage, or null where there is none: on the server, which renders every
 * page as a first-time guest and must not pay for a thrown ReferenceError on every read, and in a
 * browser that refuses it (storage turned off, some private modes).
 */
export function browserStorage(): Storage | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
