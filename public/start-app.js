// Starts the app on a page the server rendered, once that page has painted
// (docs/decisions/0020-server-rendered-first-paint.md): the app's modules then do not compete with
// the page's stylesheet and images for the first paint. The server names the modules in the data-
// attributes (src/server/http/deferred-start.ts). Plain JavaScript: it runs before any bundle.
(() => {
  const script = document.currentScript;
  if (!script) return;
  const entry = script.dataset.entry;
  const modules = (script.dataset.modules ?? '').split(' ').filter(Boolean);
  // The longest the app waits for the page's main picture, so a slow or stalled picture never
  // keeps the page's buttons disabled for long.
  const PICTURE_WAIT_MS = 2500;

  let started = false;
  function start() {
    if (started) return;
    started = true;
    showHeadingFont();
    // A script element, not import(): the page's load event then waits for the app.
    const app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    // The entry or a module it imports did not arrive (the entry fires this too).
    app.addEventListener('error', showStartFailure);
    document.head.append(app);
    preloadFrom(0);
  }

  /**
   * On a connection that drops, the app's modules may never arrive, and the page would stay as the
   * server sent it, its buttons disabled (app/server-frame.tsx), with no word why. It says so and
   * offers to load the page again. The entry reports a failure of its own start (a landing page's
   * module that did not arrive) with the event 'app-start-failed' (main.tsx).
   */
  function showStartFailure() {
    if (document.querySelector('.app-start-failed')) return;
    const banner = document.createElement('div');
    banner.className = 'app-start-failed';
    banner.setAttribute('role', 'alert');
    const text = document.createElement('p');
    text.textContent = 'This page could not finish loading. Check your connection and try again.';
    const retry = document.createElement('button');
    retry.type = 'button';
    retry.textContent = 'Try again';
    retry.addEventListener('click', () => window.location.reload());
    banner.append(text, retry);
    document.body.append(banner);
  }
  window.addEventListener('app-start-failed', showStartFailure);

  /**
   * The page's other modules, each asked for in a task of its own after the entry: Chromium starts
   * a preload's fetch on the main thread, up to tens of milliseconds each at a phone's speed, and
   * the fifteen of a product page in one task made one long task, counted in total blocking time
   * (decision 0020, deferred start).
   */
  function preloadFrom(index) {
    const href = modules[index];
    if (href === undefined) return;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
    // A background tab's timers run at most once a second, and nothing there waits for a task.
    if (document.visibilityState === 'hidden') preloadFrom(index + 1);
    else setTimeout(preloadFrom, 0, index + 1);
  }

  /**
   * The heading font waits for the same moment (src/web/styles.css): it is fetched now and shown
   * once it is in. Shown while still on its way, the headings were laid out twice after the first
   * paint, in the font's loading state and again when it came (total blocking time).
   */
  function showHeadingFont() {
    const show = () => {
      document.documentElement.dataset.webfont = '';
    };
    if (typeof document.fonts?.load !== 'function') return show();
    document.fonts.load('700 1em "Baloo 2"').then(show, show);
  }

  const afterNextFrame = () => requestAnimationFrame(() => setTimeout(start, 0));

  /**
   * The page's main picture (the one the server marked fetchpriority=high, its largest paint) is
   * 8-15 KB, so it paints well after the text; until it has, the app's 150 KB of modules would share
   * a slow connection with it. Chromium reports the picture's paint (Element Timing, the
   * elementtiming attribute); elsewhere its load event and the next frame stand in for it.
   */
  function afterMainPicture(picture) {
    setTimeout(start, PICTURE_WAIT_MS);
    // Loaded and broken (complete, but no pixels): nothing to wait for.
    if (picture.complete && picture.naturalWidth === 0) return start();
    const elementTiming =
      typeof PerformanceObserver === 'function' &&
      PerformanceObserver.supportedEntryTypes?.includes('element') &&
      picture.hasAttribute('elementtiming');
    if (elementTiming) {
      const observer = new PerformanceObserver((list) => {
        if (list.getEntries().some((timing) => timing.element === picture)) {
          observer.disconnect();
          start();
        }
      });
      observer.observe({ type: 'element', buffered: true });
      // A picture that fails to load is never painted.
      picture.addEventListener('error', start);
      return;
    }
    if (picture.complete) afterNextFrame();
    else {
      picture.addEventListener('load', afterNextFrame);
      picture.addEventListener('error', start);
    }
  }

  const picture = document.querySelector('img[fetchpriority="high"]');
  // A tab opened in the background paints nothing until it is shown: no reason to wait there.
  if (document.visibilityState === 'hidden') start();
  else if (picture) afterMainPicture(picture);
  else afterNextFrame();
})();
