// Starts the app on a page the server rendered, once that page has painted
// (docs/decisions/0020-server-rendered-first-paint.md): the app's modules then do not compete with
// the page's stylesheet and images for the first paint. The server names the modules in the data-
// attributes (src/server/http/deferred-start.ts). Plain JavaScript: it runs before any bundle.
(() => {
  const script = document.currentScript;
  if (!script) return;
  const entry = script.dataset.entry;
  const modules = (script.dataset.modules ?? '').split(' ').filter(Boolean);

  function start() {
    for (const href of modules) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    // A script element, not import(): the page's load event then waits for the app.
    const app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    document.head.append(app);
  }

  // A tab opened in the background paints nothing until it is shown: no reason to wait there.
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
})();
