// `npm run screens:mails`: every e-mail the store sends, rendered by Chromium at a phone's width
// (360 px) and a desktop mail client's (1024 px), written to docs/screens/mails/ as PNG.
// The mails are the templates' own output (src/server/modules/mail/mail-samples.ts) with the
// footer the mail worker adds as it sends, for a store without PUBLIC_URL (links to localhost).
//
//   npm run screens:mails
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { loadConfig } from '../src/server/config';
import { mailFooter } from '../src/server/modules/mail/mail-footer';
import { withFooter } from '../src/server/modules/mail/mail-outbox';
import { mailSamples } from '../src/server/modules/mail/mail-samples';
import { storeIdentityFrom } from '../src/server/store-identity';
import { assertChromiumInstalled, chromePath, chromiumFlags } from './chromium';
import { root } from './store-process';

const outDir = path.join(root, 'docs', 'screens', 'mails');
const WIDTHS = [360, 1024] as const;

assertChromiumInstalled();
fs.mkdirSync(outDir, { recursive: true });
const store = storeIdentityFrom(loadConfig({}));
const footer = mailFooter(store);
const browser = await chromium.launch({ executablePath: chromePath, args: chromiumFlags });
try {
  for (const width of WIDTHS) {
    // A mail client shows the message in its own frame, without scripts (Gmail strips them).
    const page = await browser.newPage({ viewport: { width, height: 800 }, javaScriptEnabled: false });
    for (const [name, mail] of Object.entries(mailSamples(store))) {
      const { html } = withFooter({ text: mail.text, html: mail.html ?? null }, footer);
      await page.setContent(html ?? '', { waitUntil: 'load' });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) throw new Error(`${name} is ${overflow} px wider than ${width} px`);
      const shot = await page.screenshot({ fullPage: true });
      const file = path.join(outDir, `${name}-${width}.png`);
      await sharp(shot).png({ palette: true, colours: 256 }).toFile(file);
      console.log(`${path.relative(root, file)}: ${mail.subject}`);
    }
    await page.close();
  }
} finally {
  await browser.close();
}
