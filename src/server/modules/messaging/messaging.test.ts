import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMessages } from '../../../shared/api/messaging';
import { setUpTestStore } from '../../testing/test-store';
import type { DeliveryStatus, MessageChannel, Messenger } from './messenger';

type SeenRequest = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

/** A local stand-in for a provider's API: records each request and answers what the test set. */
function standIn() {
  const requests: SeenRequest[] = [];
  // null: take the request and never answer (a provider that hangs).
  let answer: { status: number; body: unknown } | null = { status: 200, body: {} };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (!answer) return;
      response
        .writeHead(answer.status, { 'content-type': 'application/json' })
        .end(JSON.stringify(answer.body));
    });
  });
  beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return {
    requests,
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answer: (status: number, body: unknown) => {
      answer = { status, body };
    },
    hang: () => {
      answer = null;
    },
  };
}

/** What a store's Messenger heard from the webhooks. */
function listen(app: { messenger: Messenger }) {
  const heard = {
    statuses: [] as [string, DeliveryStatus][],
    inbound: [] as [string, MessageChannel, string][],
  };
  app.messenger.onStatus(
    async (id: string, status: DeliveryStatus) => void heard.statuses.push([id, status]),
  );
  app.messenger.onInbound(async (from, channel, text) => void heard.inbound.push([from, channel, text]));
  return heard;
}

const APP_SECRET = 'meta-app-secret-0123456789';
const VERIFY_TOKEN = 'verify-token-0123456789';

describe('WhatsApp Business Cloud API', () => {
  const meta = standIn();
  const store = setUpTestStore({
    env: async () => ({
      BACKGROUND_JOBS: 'false',
      WHATSAPP_PROVIDER: 'cloud-api',
      WHATSAPP_API_URL: meta.url(),
      WHATSAPP_API_VERSION: 'v21.0',
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_ACCESS_TOKEN: 'EAAJB-test-access-token-0001',
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
      WHATSAPP_TEMPLATES: 'otp=utsav_login_code',
    }),
  });
  let heard: ReturnType<typeof listen>;
  beforeAll(() => {
    heard = listen(store.app);
  });

  it('sends an approved template with its parameters, the code also on the copy-code button', async () => {
    meta.answer(200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: '919876543210', wa_id: '919876543210' }],
      messages: [{ id: 'wamid.HBgMOTE5ODc2NTQzMjEwFQIAERgSQ0Q' }],
    });
    const sent = await store.app.messenger.send({
      channel: 'whatsapp',
      to: '9876543210',
      template: 'otp',
      params: ['482913'],
      text: '482913 is your verification code.',
    });
    expect(sent).toEqual({ providerMessageId: 'wamid.HBgMOTE5ODc2NTQzMjEwFQIAERgSQ0Q' });
    const request = meta.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/v21.0/106540352242922/messages');
    expect(request.headers.authorization).toBe('Bearer EAAJB-test-access-token-0001');
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919876543210',
      type: 'template',
      template: {
        name: 'utsav_login_code',
        language: { code: 'en' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: '482913' }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '482913' }] },
        ],
      },
    });
  });

  it('keeps our template name when none is mapped, with no button outside authentication', async () => {
    meta.answer(200, { messages: [{ id: 'wamid.second' }] });
    await store.app.messenger.send({
      channel: 'whatsapp',
      to: '7012345678',
      template: 'order_placed',
      params: ['Asha', 'UG-1042'],
      text: 'Hi Asha, your order UG-1042 is placed.',
    });
    expect(JSON.parse(meta.requests.at(-1)!.body).template).toEqual({
      name: 'order_placed',
      language: { code: 'en' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Asha' },
            { type: 'text', text: 'UG-1042' },
          ],
        },
      ],
    });
  });

  it('throws with Meta’s reason when the message is refused', async () => {
    meta.answer(400, {
      error: { message: '(#132001) Template name does not exist in the translation', code: 132001 },
    });
    await expect(
      store.app.messenger.send({
        channel: 'whatsapp',
        to: '9876543210',
        template: 'nope',
        params: [],
        text: 'x',
      }),
    ).rejects.toThrow('WhatsApp refused the message (400): (#132001) Template name does not exist');
  });

  it('answers the subscription handshake only with the verify token', async () => {
    const ok = await store.app.inject({
      method: 'GET',
      url: '/api/messaging/whatsapp/webhook',
      query: { 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1158201444' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await store.app.inject({
      method: 'GET',
      url: '/api/messaging/whatsapp/webhook',
      query: {
        'hub.mode': 'subscribe',
        'hub.verify_token': 'guessed-token-0000000',
        'hub.challenge': '1158201444',
      },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('1158201444');
  });

  const webhookBody = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
              statuses: [
                {
                  id: 'wamid.second',
                  status: 'delivered',
                  timestamp: '1750263773',
                  recipient_id: '917012345678',
                },
                { id: 'wamid.second', status: 'read', timestamp: '1750263780', recipient_id: '917012345678' },
              ],
              contacts: [{ profile: { name: 'Asha' }, wa_id: '917012345678' }],
              messages: [
                {
                  from: '917012345678',
                  id: 'wamid.in1',
                  timestamp: '1750263790',
                  type: 'text',
                  text: { body: 'STOP' },
                },
              ],
            },
          },
        ],
      },
    ],
  });
  const sign = (body: string, secret = APP_SECRET) =>
    `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

  it('reads statuses and replies from a webhook signed with the app secret', async () => {
    const response = await store.app.inject({
      method: 'POST',
      url: '/api/messaging/whatsapp/webhook',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(webhookBody) },
      payload: webhookBody,
    });
    expect(response.statusCode).toBe(200);
    expect(heard.statuses).toEqual([
      ['wamid.second', 'delivered'],
      ['wamid.second', 'read'],
    ]);
    expect(heard.inbound).toEqual([['7012345678', 'whatsapp', 'STOP']]);
  });

  it('refuses a webhook with a wrong or missing signature, and hears nothing from it', async () => {
    const before = heard.statuses.length;
    for (const headers of [
      { 'x-hub-signature-256': sign(webhookBody, 'another-secret-0123456789') },
      { 'x-hub-signature-256': sign(`${webhookBody} `) },
      {},
    ]) {
      const response = await store.app.inject({
        method: 'POST',
        url: '/api/messaging/whatsapp/webhook',
        headers: { 'content-type': 'application/json', ...headers },
        payload: webhookBody,
      });
      expect(response.statusCode).toBe(401);
    }
    expect(heard.statuses).toHaveLength(before);
  });
});

describe('MSG91 SMS', () => {
  const msg91 = standIn();
  const WEBHOOK_TOKEN = 'msg91-webhook-token-0123';
  const store = setUpTestStore({
    env: async () => ({
      BACKGROUND_JOBS: 'false',
      SMS_PROVIDER: 'msg91',
      MSG91_API_URL: msg91.url(),
      MSG91_AUTH_KEY: '123456ABCDEFghijkl',
      MSG91_TEMPLATES:
        'otp=6650a1b2d6fc05412f3c8a91, order_placed=6650a1b2d6fc05412f3c8a92, cart_reminder=6650a1b2d6fc05412f3c8a93',
      MSG91_SENDER_ID: 'UTSAVG',
      MSG91_PROMO_SENDER_ID: '123456',
      MSG91_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
      // Short, so the test of a hanging MSG91 does not wait the production 10 s.
      OUTSIDE_CALL_TIMEOUT_MS: '500',
    }),
  });
  let heard: ReturnType<typeof listen>;
  beforeAll(() => {
    heard = listen(store.app);
  });

  it('sends through the Flow API with the template id, the authkey header and VAR1, VAR2', async () => {
    msg91.answer(200, { message: '3763646c3058373530393632', type: 'success' });
    const sent = await store.app.messenger.send({
      channel: 'sms',
      to: '9876543210',
      template: 'order_placed',
      params: ['Asha', 'UG-1042'],
      text: 'Hi Asha, your order UG-1042 is placed. - Utsav Gifts',
    });
    expect(sent).toEqual({ providerMessageId: '3763646c3058373530393632' });
    const request = msg91.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/v5/flow');
    expect(request.headers.authkey).toBe('123456ABCDEFghijkl');
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({
      template_id: '6650a1b2d6fc05412f3c8a92',
      sender: 'UTSAVG',
      short_url: '0',
      recipients: [{ mobiles: '919876543210', VAR1: 'Asha', VAR2: 'UG-1042' }],
    });
  });

  it("sends a marketing template (a cart reminder) on the promotional header, order news on the store's own (decision 0062)", async () => {
    msg91.answer(200, { message: '3763646c3058373530393640', type: 'success' });
    await store.app.messenger.send({
      channel: 'sms',
      to: '9876543210',
      template: 'cart_reminder',
      params: ['Asha', 'https://shop.example.in/cart?restore=t'],
      text: 'Hi Asha, the gifts you chose are still waiting.',
    });
    expect(JSON.parse(msg91.requests.at(-1)!.body)).toMatchObject({
      template_id: '6650a1b2d6fc05412f3c8a93',
      sender: '123456',
    });
  });

  it('answers a shopper asking for a sign-in code 503 when MSG91 does not answer in time (decision 0053)', async () => {
    msg91.hang();
    try {
      const asked = await store.app.inject({
        method: 'POST',
        url: '/api/auth/otp/request',
        payload: { phone: '9876500001', channel: 'sms' },
      });
      expect(asked.statusCode).toBe(503);
      expect(asked.json().message).toBe('We could not send the code just now. Please try again.');
    } finally {
      msg91.answer(200, { message: '3763646c3058373530393699', type: 'success' });
    }
  });

  it('throws on MSG91’s error answer, and sends nothing for a template without an id', async () => {
    msg91.answer(200, { message: 'Invalid authkey', type: 'error' });
    await expect(
      store.app.messenger.send({
        channel: 'sms',
        to: '9876543210',
        template: 'otp',
        params: ['1'],
        text: 'x',
      }),
    ).rejects.toThrow('MSG91 refused the message (200): Invalid authkey');
    const count = msg91.requests.length;
    await expect(
      store.app.messenger.send({
        channel: 'sms',
        to: '9876543210',
        template: 'shipped',
        params: [],
        text: 'x',
      }),
    ).rejects.toThrow('No MSG91 template id is configured for "shipped"');
    expect(msg91.requests).toHaveLength(count);
  });

  it('reads delivery reports posted with the webhook token, and refuses them without it', async () => {
    const report = {
      date: '2026-11-25 10:06:20',
      number: '919876543210',
      senderId: 'UTSAVG',
      requestId: '3763646c3058373530393632',
      status: '1',
      desc: 'DELIVERED',
    };
    const refused = await store.app.inject({
      method: 'POST',
      url: '/api/messaging/msg91/delivery?token=guessed-token-00000000',
      payload: report,
    });
    expect(refused.statusCode).toBe(401);
    expect(heard.statuses).toEqual([]);
    const accepted = await store.app.inject({
      method: 'POST',
      url: `/api/messaging/msg91/delivery?token=${WEBHOOK_TOKEN}`,
      payload: [report, { ...report, requestId: '37636461', status: '2', desc: 'FAILED' }],
    });
    expect(accepted.statusCode).toBe(200);
    expect(heard.statuses).toEqual([
      ['3763646c3058373530393632', 'delivered'],
      ['37636461', 'failed'],
    ]);
  });
  it('hears an SMS reply posted to the inbound URL with the webhook token, and nothing without it', async () => {
    // What the virtual number's callback posts (the shape decision 0032 sets out for MSG91).
    const reply = { sender: '919876543210', message: 'STOP', keyword: 'STOP', date: '2026-11-25 10:07:02' };
    const refused = await store.app.inject({
      method: 'POST',
      url: '/api/messaging/msg91/inbound?token=guessed-token-00000000',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(reply),
    });
    expect(refused.statusCode).toBe(401);
    expect(heard.inbound).toEqual([]);
    const accepted = await store.app.inject({
      method: 'POST',
      url: `/api/messaging/msg91/inbound?token=${WEBHOOK_TOKEN}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(reply),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ received: true });
    expect(heard.inbound).toEqual([['9876543210', 'sms', 'STOP']]);
    const malformed = await store.app.inject({
      method: 'POST',
      url: `/api/messaging/msg91/inbound?token=${WEBHOOK_TOKEN}`,
      payload: { message: 'STOP' },
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('the sandboxes (no provider configured)', () => {
  const store = setUpTestStore({ env: { BACKGROUND_JOBS: 'false' }, admin: true, customer: true });
  let heard: ReturnType<typeof listen>;
  beforeAll(() => {
    heard = listen(store.app);
  });
  const list = async (headers = store.admin.headers) =>
    store.app.inject({ method: 'GET', url: '/api/admin/messages', headers });

  it('keeps each message sent and lists them for the owner, newest first', async () => {
    const whatsapp = await store.app.messenger.send({
      channel: 'whatsapp',
      to: '9876543210',
      template: 'otp',
      params: ['111111'],
      text: '111111 is your verification code.',
    });
    const sms = await store.app.messenger.send({
      channel: 'sms',
      to: '9123456789',
      template: 'otp',
      params: ['222222'],
      text: '222222 is your Utsav Gifts login code.',
    });
    expect(whatsapp.providerMessageId).toMatch(/^wamid\./);
    expect(sms.providerMessageId).toMatch(/^[0-9a-f]{24}$/);
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = response.json<AdminMessages>();
    expect(body.providers).toEqual({ whatsapp: 'sandbox', sms: 'sandbox' });
    expect(body.total).toBe(2);
    expect(
      body.data.map(({ channel, to, template, params, text, status }) => ({
        channel,
        to,
        template,
        params,
        text,
        status,
      })),
    ).toEqual([
      {
        channel: 'sms',
        to: '9123456789',
        template: 'otp',
        params: ['222222'],
        text: '222222 is your Utsav Gifts login code.',
        status: 'accepted',
      },
      {
        channel: 'whatsapp',
        to: '9876543210',
        template: 'otp',
        params: ['111111'],
        text: '111111 is your verification code.',
        status: 'accepted',
      },
    ]);
  });

  it('is for the owner only', async () => {
    expect((await list({} as never)).statusCode).toBe(401);
    expect((await list(store.customer.headers)).statusCode).toBe(403);
  });

  it('reports delivery through the webhook code, once per message', async () => {
    expect(await store.app.messaging.sandbox.reportDeliveries()).toBe(2);
    expect(await store.app.messaging.sandbox.reportDeliveries()).toBe(0);
    const { data } = (await list()).json<AdminMessages>();
    expect(data.map((message) => message.status)).toEqual(['delivered', 'delivered']);
    const [sms, whatsapp] = data;
    // WhatsApp reports "sent" then "delivered"; MSG91 reports only the outcome.
    expect(heard.statuses).toEqual([
      [whatsapp!.providerMessageId, 'sent'],
      [whatsapp!.providerMessageId, 'delivered'],
      [sms!.providerMessageId, 'delivered'],
    ]);
  });

  it('moves a status only forward, and brings replies through the same webhook', async () => {
    const { data } = (await list()).json<AdminMessages>();
    const whatsapp = data.find((message) => message.channel === 'whatsapp')!;
    await store.app.messaging.sandbox.reportStatus(whatsapp.providerMessageId, 'read');
    await store.app.messaging.sandbox.reportStatus(whatsapp.providerMessageId, 'sent');
    const after = (await list()).json<AdminMessages>().data.find((message) => message.id === whatsapp.id);
    expect(after?.status).toBe('read');
    await store.app.messaging.sandbox.reply('9876543210', 'STOP');
    await store.app.messaging.sandbox.reply('9123456789', 'stop', 'sms');
    expect(heard.inbound).toEqual([
      ['9876543210', 'whatsapp', 'STOP'],
      ['9123456789', 'sms', 'stop'],
    ]);
  });

  it('refuses the real providers’ webhooks, whose secrets nobody outside holds', async () => {
    const body = JSON.stringify({ entry: [] });
    const whatsapp = await store.app.inject({
      method: 'POST',
      url: '/api/messaging/whatsapp/webhook',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${'0'.repeat(64)}` },
      payload: body,
    });
    expect(whatsapp.statusCode).toBe(401);
    const handshake = await store.app.inject({
      method: 'GET',
      url: '/api/messaging/whatsapp/webhook',
      query: { 'hub.mode': 'subscribe', 'hub.verify_token': '', 'hub.challenge': '1' },
    });
    expect(handshake.statusCode).toBe(403);
  });
});
