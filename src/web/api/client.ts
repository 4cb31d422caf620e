/** Typed fetch for `/api`: the bearer token from storage on every call (SPEC 6), errors as ApiError. */

import { browserStorage } from '../browser-storage';

export const TOKEN_STORAGE_KEY = 'token';

/** What a screen says when a request, or a chunk of the app, could not reach the server. */
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection.';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Status 0 means the request never got an answer (offline, DNS, CORS). */
export const isNetworkError = (error: unknown) => error instanceof ApiError && error.status === 0;

export function readToken(): string | null {
  try {
    return browserStorage()?.getItem(TOKEN_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function storeToken(token: string | null) {
  try {
    if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token);
    else localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode); the session then lasts for this page only.
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const token = readToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  const text = await response.text();
  let payload: unknown = null;
  try {
    payload = text ? JSON.parse(text) : null;
  } catch {
    payload = null;
  }
  if (!response.ok) {
    const body = (payload ?? {}) as { message?: unknown; errors?: { path: string; message: string }[] };
    // An answer without a message of ours (a proxy's HTML error page) carries an empty message, so
    // each screen shows its own SPEC 8 fallback ('Login failed', 'An error occurred', ...).
    const message = typeof body.message === 'string' ? body.message : '';
    throw new ApiError(response.status, message, body.errors ?? []);
  }
  return payload as T;
}

/**
 * An answer checked with a shared schema that is imported on first use, so that the schemas (and
 * Zod) stay out of the entry (docs/performance.md "JavaScript budget"). The import and the request
 * run together.
 */
export async function parsedAnswer<T>(
  schema: Promise<{ parse(input: unknown): T }>,
  answer: Promise<unknown>,
): Promise<T> {
  const [loaded, body] = await Promise.all([schema, answer]);
  return loaded.parse(body);
}

/**
 * Fetches a file with the signed-in token (a plain link would not send it) and hands it to the
 * browser as a download named `fileName`.
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const token = readToken();
  const response = await fetch(`/api${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  }).catch(() => {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, body?.message ?? 'The download failed. Please try again.');
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** 'UG/31-32/000042' → 'invoice-UG-31-32-000042.pdf', as the server names it. */
export const invoiceFileName = (invoiceNumber: string) => `invoice-${invoiceNumber.replaceAll('/', '-')}.pdf`;
