import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './client';

function answerWith(response: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as ApiError,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('apiRequest', () => {
  it('sends the stored token as a bearer token (SPEC 6) and answers the JSON body', async () => {
    localStorage.setItem('token', 'tok-123');
    const fetchMock = answerWith(() => Response.json({ data: [] }));
    expect(await apiRequest('/addresses')).toEqual({ data: [] });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(new URL(String(url)).pathname).toBe('/api/addresses');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer tok-123');
  });

  it('carries the server’s message and field errors on a refusal', async () => {
    answerWith(() =>
      Response.json(
        { message: 'Invalid input', errors: [{ path: 'phone', message: 'Phone number must be 10 digits' }] },
        { status: 400 },
      ),
    );
    const error = await failureOf(apiRequest('/addresses', { method: 'POST', body: {} }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Invalid input');
    expect(error.errors).toEqual([{ path: 'phone', message: 'Phone number must be 10 digits' }]);
  });

  it('leaves the message empty when the answer has none, so each screen uses its own words', async () => {
    answerWith(() => new Response('<html><body>502 Bad Gateway</body></html>', { status: 502 }));
    const error = await failureOf(apiRequest('/auth/login', { method: 'POST', body: {} }));
    expect(error.status).toBe(502);
    expect(error.message).toBe('');
  });

  it('reports a request that got no answer as status 0 with the network message (SPEC 8)', async () => {
    answerWith(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failureOf(apiRequest('/addresses'));
    expect(error.status).toBe(0);
    expect(error.message).toBe('Network error. Please check your connection.');
  });
});
