// The system Chromium that browser journeys (playwright.config.ts) and Lighthouse drive: no browser
// downloads here.
import fs from 'node:fs';

/** Debian's Chromium, which Lighthouse and the screenshot scripts drive: a shopper's browser. */
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The journeys' browser: Debian's build of Chromium's headless shell where it is installed, the
 * same engine without the full browser around it (what Playwright itself runs for headless tests).
 * The 70 journeys took 2.8 min in it against 3.9 min in the full browser on a 2-core machine
 * (docs/performance.md, "The test suite"). Without it, the full Chromium.
 */
export const journeyChromePath =
  process.env.CHROME_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromePath);

export function assertChromiumInstalled(binary = chromePath) {
  if (!fs.existsSync(binary)) {
    throw new Error(
      `No Chromium at ${binary}. Install Debian's packages (sudo apt-get install -y chromium chromium-headless-shell) or set CHROME_PATH to a Chromium or Chrome binary.`,
    );
  }
}

// Without the background-networking flags Chromium stalls on the closed network.
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The journeys' browser. It runs JavaScript in V8's interpreter and baseline compiler only: a
 * journey's page lives for seconds, so what the optimising compilers (Maglev, TurboFan) build on
 * their own threads is mostly thrown away with the page, on a machine whose two cores the journeys
 * already keep busy. And a context's pages of the store share one renderer process instead of
 * starting one each (the layout walk opens a tab for each page it checks, three at a time); each
 * page still has its own window and JavaScript world. The layout walk takes about a quarter less
 * CPU (docs/performance.md, "The test suite"). Code behaves the same in every tier; Lighthouse and
 * the screenshot scripts keep Chromium's defaults, as a shopper's browser has them.
 */
export const journeyChromiumFlags = [
  ...chromiumFlags,
  '--js-flags=--no-opt --no-maglev',
  '--process-per-site',
];
