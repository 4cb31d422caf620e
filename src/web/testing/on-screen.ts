import { onTestFinished, vi } from 'vitest';

/**
 * happy-dom lays nothing out, so its IntersectionObserver never reports an element near the screen.
 * For the rest of the test this one reports every observed element as on screen, as a shopper
 * scrolling down to it would see it.
 */
export function scrollEverythingIntoView() {
  class OnScreenObserver {
    readonly root = null;
    readonly rootMargin = '0px';
    readonly thresholds = [0];
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(target: Element) {
      queueMicrotask(() =>
        this.callback(
          [{ isIntersecting: true, target } as IntersectionObserverEntry],
          this as unknown as IntersectionObserver,
        ),
      );
    }
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', OnScreenObserver);
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
}
