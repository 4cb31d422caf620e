import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import type { AdminOutbox } from '../../../src/shared/api/admin';
import { shopperAddress } from './store-api';

// The WhatsApp and SMS sandbox's messages and the store's mail outbox, as the owner reads them.

type SandboxMessage = { channel: string; to: string; template: string; text: string; params: string[] };

const owner = (ownerToken: string) => ({ authorization: `Bearer ${ownerToken}` });

/** Every message the sandbox sent to `phone`, codes included. */
export async function sandboxMessagesTo(request: APIRequestContext, ownerToken: string, phone: string) {
  const response = await request.get('/api/admin/messages', { headers: owner(ownerToken) });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: SandboxMessage[] };
  return body.data.filter((message) => message.to === phone);
}

/** The WhatsApp messages of order news sent to `phone` (no sign-in codes). */
export const whatsAppTo = async (request: APIRequestContext, ownerToken: string, phone: string) =>
  (await sandboxMessagesTo(request, ownerToken, phone)).filter(
    (message) => message.channel === 'whatsapp' && message.template !== 'otp',
  );

/** Verifies `phone` on the shopper's account with the code the SMS sandbox sent, as My Orders does. */
export async function verifyMobile(
  request: APIRequestContext,
  ownerToken: string,
  token: string,
  phone: string,
) {
  const headers = { authorization: `Bearer ${token}` };
  const asked = await request.post('/api/auth/phone/request', {
    headers: { ...headers, ...shopperAddress() },
    data: { phone },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const [code] = (await sandboxMessagesTo(request, ownerToken, phone)).filter(
    (message) => message.template === 'otp',
  );
  const verified = await request.post('/api/account/phone', {
    headers,
    data: { phone, code: code?.params[0] },
  });
  expect(verified.status(), await verified.text()).toBe(200);
}

/**
 * Signs a new shopper in through the mobile number form in `form` (a page or a dialog), with the
 * code the SMS sandbox sent, read as the owner reads it; a new number gives its name, once.
 */
export async function signInByPhone(
  form: Page | Locator,
  request: APIRequestContext,
  ownerToken: string,
  shopper: { phone: string; fullName: string },
) {
  await form.getByLabel('Mobile number').fill(shopper.phone);
  await form.getByRole('button', { name: 'Send code' }).click();
  await expect(form.getByText(/We sent a 6-digit code by SMS to/)).toBeVisible();
  const [code] = (await sandboxMessagesTo(request, ownerToken, shopper.phone)).filter(
    (message) => message.template === 'otp',
  );
  await form.getByLabel('Code').fill(code?.params[0] ?? '');
  await form.getByRole('button', { name: 'Verify and continue' }).click();
  await form.getByLabel('Full Name').fill(shopper.fullName);
  await form.getByLabel('I am 18 or older').check();
  await form.getByRole('button', { name: 'Create account' }).click();
}

/** The mails the store queued or sent about an order (their subjects name it), newest first. */
export async function mailsAbout(request: APIRequestContext, ownerToken: string, orderNumber: string) {
  const response = await request.get('/api/admin/outbox', { headers: owner(ownerToken) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as AdminOutbox).data.filter((mail) => mail.subject.includes(orderNumber));
}
