import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';

// The admin made by admin:create before the store starts (playwright.config.ts).
export const adminEmail = process.env.E2E_ADMIN_EMAIL ?? 'admin@example.com';
export const adminPassword = process.env.E2E_ADMIN_PASSWORD ?? '';

export async function tokenFor(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** A page of its own signed in with the token (SPEC 6: the token lives in localStorage). */
export async function signedInPage(browser: Browser, baseURL: string, token: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  return context.newPage();
}
