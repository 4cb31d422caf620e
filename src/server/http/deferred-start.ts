const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * A server-rendered page shows its content without JavaScript, so the app's modules need not
 * download before the first paint, where on a slow connection they share the bandwidth with the
 * stylesheet and the images the shopper sees first (Lighthouse's LCP). This moves the
 * entry script and every module preload of the page into /start-app.js (public/), which loads
 * them once the page has painted. The starter takes the entry's place in <head>, so the
 * stylesheet knows from the first paint on that the app starts late (it holds the heading font
 * back until then). A page without an entry script is returned as it is.
 */
export function deferAppStart(page: string): string {
  const entry = page.match(ENTRY_SCRIPT)?.[1];
  if (!entry) return page;
  const modules = [...page.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const starter = `<script src="/start-app.js" data-entry="${entry}" data-modules="${modules.join(' ')}" defer></script>`;
  return page.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, starter);
}
