// The system Chromium that browser journeys (playwright.config.ts) and Lighthouse drive: no browser
// downloads here (STACK.md).
import fs from 'node:fs';

export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export function assertChromiumInstalled() {
  if (!fs.existsSync(chromePath)) {
    throw new Error(
      `No Chromium at ${chromePath}. Install Debian's package (sudo apt-get install -y chromium) or set CHROME_PATH to a Chromium or Chrome binary.`,
    );
  }
}

// STACK.md: without the background-networking flags Chromium stalls on the closed network.
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
