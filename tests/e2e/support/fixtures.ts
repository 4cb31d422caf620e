import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, test as base, type Page } from '@playwright/test';
import { PRIVACY_NOTICE_VERSION } from '../../../src/shared/policy-pages';
import {
  adminEmail,
  adminPassword,
  copyStoreFolder,
  type JourneyStore,
  startJourneyStore,
} from './journey-server';
import { customerWithAddress, registerCustomer, shopperAddress, tokenFor } from './store-api';

export { expect } from '@playwright/test';

type Shopper = { token: string; page: Page };

type JourneyOptions = {
  /**
   * Decision 0052: whether the journey's browsers already answered the analytics banner ("No,
   * thanks", as a returning shopper has), so that it covers nothing the journey taps. Journeys
   * about the banner set it false.
   */
  analyticsAnswered: boolean;
};

type JourneyFixtures = {
  /** A page of its own signed in as the store owner. */
  ownerPage: Page;
  /**
   * Registers a customer through the API (by default with a saved address in Bengaluru) and signs
   * a page in as them: one of its own, or `on` (the journey's `page`, on the project's phone).
   * Journeys about signing up or in use the forms instead.
   */
  newShopper(fullName: string, options?: { address?: boolean; on?: Page }): Promise<Shopper>;
  /** A page of its own signed in with the token. */
  signedInPage(token: string): Promise<Page>;
  /**
   * A page in a browser of its own, signed in with the token, or with no one signed in: a shopper
   * who signs in through the forms.
   */
  pageOfItsOwn(token?: string): Promise<Page>;
};

type DiagnosticFixtures = {
  /** After a failed journey, what each open page's renderer was doing (see `renderingStateOf`). */
  renderingAtFailure: undefined;
};

type WorkerFixtures = {
  /**
   * This worker's own store, started on a copy of the folder global-setup.ts seeded: the journeys of
   * one worker run one after another against it, as they would against a store of their own.
   */
  journeyStore: JourneyStore;
  /** The owner made by admin:create (global-setup.ts), signed in once per worker through the API. */
  ownerToken: string;
};

export const test = base.extend<JourneyOptions & JourneyFixtures & DiagnosticFixtures, WorkerFixtures>({
  analyticsAnswered: [true, { option: true }],

  // Each browser is a shopper's own device, with an address of its own (shopperAddress): the
  // store's per-address limits never count a whole worker's journeys as one shopper.
  context: async ({ context, analyticsAnswered }, use) => {
    await context.setExtraHTTPHeaders(shopperAddress());
    if (analyticsAnswered) await answerAnalytics(context);
    await use(context);
  },

  journeyStore: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter.
    async ({}, use) => {
      const template = process.env.E2E_TEMPLATE_DIR;
      if (!template)
        throw new Error(
          'E2E_TEMPLATE_DIR is unset: the journeys start from tests/e2e/support/global-setup.ts',
        );
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-e2e-worker-'));
      copyStoreFolder(template, dataDir);
      const store = await startJourneyStore(dataDir);
      // store-api.ts signs sandbox payments with this store's secrets.
      process.env.E2E_DATA_DIR = dataDir;
      await use(store);
      await store.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', auto: true, timeout: 120_000 },
  ],

  baseURL: async ({ journeyStore }, use) => {
    await use(journeyStore.url);
  },

  ownerToken: [
    async ({ playwright, journeyStore }, use) => {
      const request = await playwright.request.newContext({ baseURL: journeyStore.url });
      const token = await tokenFor(request, adminEmail, adminPassword);
      await request.dispose();
      await use(token);
    },
    { scope: 'worker' },
  ],

  pageOfItsOwn: async ({ browser, baseURL, analyticsAnswered }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (token) => {
      const context = await browser.newContext({ baseURL, extraHTTPHeaders: shopperAddress() });
      contexts.push(context);
      if (analyticsAnswered) await answerAnalytics(context);
      if (token) await signIn(context, token);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },

  signedInPage: async ({ pageOfItsOwn }, use) => {
    await use((token) => pageOfItsOwn(token));
  },

  ownerPage: async ({ signedInPage, ownerToken }, use) => {
    await use(await signedInPage(ownerToken));
  },

  renderingAtFailure: [
    // Depends on the contexts the journey may use, so it runs before they close.
    async ({ browser, context: _context, signedInPage: _signedInPage }, use, testInfo) => {
      await use(undefined);
      if (testInfo.status === testInfo.expectedStatus) return;
      const pages = browser.contexts().flatMap((context) => context.pages());
      const states = await Promise.all(
        pages.map(async (page) => `${page.url()}: ${await renderingStateOf(page)}`),
      );
      const report = `Open pages when the journey failed:\n${states.join('\n')}`;
      // The list reporter prints it under the failure, in CI's log.
      await testInfo.attach('rendering at failure', { body: report, contentType: 'text/plain' });
    },
    { auto: true },
  ],

  newShopper: async ({ request, signedInPage }, use) => {
    await use(async (fullName, { address = true, on } = {}) => {
      const token = address
        ? await customerWithAddress(request, fullName)
        : await registerCustomer(request, fullName);
      if (!on) return { token, page: await signedInPage(token) };
      await signIn(on.context(), token);
      return { token, page: on };
    });
  },
});

/**
 * Whether a page's renderer still paints: a click waits for its target to keep one box over two
 * animation frames, so a renderer that stopped producing frames holds it until the timeout with
 * nothing in Playwright's log but "waiting for element to be visible, enabled and stable". Reports
 * the page's visibility and focus, whether a frame came within 2 s, and a main thread that does
 * not answer at all.
 */
async function renderingStateOf(page: Page): Promise<string> {
  const state = page
    .evaluate(async () => {
      const framed = await Promise.race([
        new Promise<boolean>((resolve) => requestAnimationFrame(() => resolve(true))),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2_000)),
      ]);
      return `visibility ${document.visibilityState}, focus ${document.hasFocus()}, ${framed ? 'a frame came' : 'no frame in 2 s'}`;
    })
    .catch(
      (error: unknown) => `not readable (${error instanceof Error ? error.message.split('\n')[0] : error})`,
    );
  const silent = new Promise<string>((resolve) =>
    setTimeout(() => resolve('its main thread did not answer in 5 s'), 5_000).unref(),
  );
  return Promise.race([state, silent]);
}

/** SPEC 6: the token lives in localStorage; set before any of the app's scripts run on each page. */
async function signIn(context: BrowserContext, token: string) {
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
}

/**
 * Decision 0052: the browser answered the analytics banner "No, thanks" before (kept as the app
 * keeps it); a choice the journey makes itself is left as it is.
 */
export async function answerAnalytics(context: BrowserContext) {
  await context.addInitScript((version) => {
    if (localStorage.getItem('analyticsChoice') === null)
      localStorage.setItem(
        'analyticsChoice',
        JSON.stringify({ choice: 'denied', version, at: new Date().toISOString() }),
      );
  }, PRIVACY_NOTICE_VERSION);
}
