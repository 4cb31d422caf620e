import { expect, type Page } from '@playwright/test';
import { axeOn } from './axe';

// What makes a page not fit a phone, measured in the page itself. Each check runs
// in one synchronous evaluation (scroll, layout and hit test in the same task), so nothing the app
// does between two steps (a query settling, a lazy section appearing) can make it flaky.

/**
 * Horizontal overflow: the document wider than the viewport, and every visible element or text
 * whose box (clipped by its scrolling or clipping ancestors) extends past the viewport's sides.
 * Only the outermost offender of a branch is named, as that is where the fix goes.
 */
export function overflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const viewportWidth = document.documentElement.clientWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > viewportWidth) {
      problems.push(
        `the page is ${document.documentElement.scrollWidth}px wide in a ${viewportWidth}px viewport`,
      );
    }
    const nameOf = (element: Element) => {
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
      const label = element.getAttribute('aria-label');
      return `<${element.tagName.toLowerCase()}${label ? ` aria-label="${label}"` : ''}>${text}`;
    };
    /** The part of `rect` that `clipper` and its ancestors let show; null when they hide all of it. */
    const shownPart = (element: Element, rect: DOMRect, clipper: Element | null) => {
      const own = getComputedStyle(element);
      // Visually hidden (a skip link until focused): clipped to nothing by its own clip.
      if (own.clip !== 'auto' || own.clipPath !== 'none') return null;
      let left = rect.left;
      let right = rect.right;
      for (let parent = clipper; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' && style.clipPath === 'none' && style.clip === 'auto') continue;
        const box = parent.getBoundingClientRect();
        left = Math.max(left, box.left);
        right = Math.min(right, box.right);
        if (right - left < 1) return null;
      }
      return { left, right };
    };
    const sticksOut = (element: Element, rect: DOMRect, clipper: Element | null) => {
      if (rect.width < 1 || rect.height < 1) return false;
      const shown = shownPart(element, rect, clipper);
      return shown !== null && (shown.left < -0.5 || shown.right > viewportWidth + 0.5);
    };
    const offenders = new Set<Element>();
    for (const element of document.body.querySelectorAll('*')) {
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      if (sticksOut(element, element.getBoundingClientRect(), element.parentElement)) offenders.add(element);
      // Text that runs out of its own box (a long word that does not wrap) makes no element wider.
      for (const node of element.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        if (sticksOut(element, range.getBoundingClientRect(), element)) offenders.add(element);
      }
    }
    // A control's words must fit in it: a button whose label runs past its edge is cut off (or drawn
    // under its neighbour) even when the page itself fits.
    for (const control of document.body.querySelectorAll('button, a[href]')) {
      if (!control.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const box = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      if (box.width < 1 || style.display === 'inline' || style.clip !== 'auto' || style.clipPath !== 'none')
        continue;
      // Its own words only: a badge or a screen-reader-only note inside is placed on purpose.
      for (const node of control.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const words = range.getBoundingClientRect();
        if (words.left < box.left - 1 || words.right > box.right + 1) {
          problems.push(`words do not fit in their control: ${nameOf(control)}`);
        }
      }
    }
    for (const element of offenders) {
      let parent = element.parentElement;
      while (parent && !offenders.has(parent)) parent = parent.parentElement;
      if (!parent) problems.push(`sticks out of the viewport: ${nameOf(element)}`);
    }
    return problems;
  });
}

/**
 * Covered controls, two ways:
 * - each visible control is scrolled as near the middle of the viewport as the page allows, and the
 *   element at its centre must be the control or inside it. A control the page cannot scroll clear
 *   of a fixed bar or the chat button (no room kept at the page's end) fails;
 * - where a shopper rests, at the top of the page as it opens and at its end, no floating control
 *   (fixed and narrower than the screen, like the chat button) may sit over a control. Content
 *   scrolling under a full-width bar there is how bars work, and is not counted.
 */
export function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="tab"]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(',');
    const problems: string[] = [];
    const nameOf = (element: Element | null) => {
      if (!element) return 'nothing';
      const name =
        element.getAttribute('aria-label') ??
        (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
      return `<${element.tagName.toLowerCase()}> "${name}"`;
    };
    const controls = [...document.querySelectorAll(selector)].filter((control) => {
      if (!control.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return false;
      const rect = control.getBoundingClientRect();
      // Visually hidden inputs (a radio drawn by its label) are reached through their label.
      return rect.width > 2 && rect.height > 2;
    });
    /**
     * Scrolls the window so the control is as near the middle as the page allows, after bringing it
     * into any horizontal scroller it sits in. Not scrollIntoView: that also scrolls boxes a shopper
     * cannot scroll (a title clamped to two lines), which would move the control out of its own box.
     */
    const bringToMiddle = (control: Element) => {
      for (let parent = control.parentElement; parent; parent = parent.parentElement) {
        if (!/auto|scroll/.test(getComputedStyle(parent).overflowX)) continue;
        const box = parent.getBoundingClientRect();
        const rect = control.getBoundingClientRect();
        if (rect.left < box.left) parent.scrollLeft -= box.left - rect.left;
        else if (rect.right > box.right) parent.scrollLeft += rect.right - box.right;
      }
      const rect = control.getBoundingClientRect();
      window.scrollTo({
        left: 0,
        top: window.scrollY + rect.top + rect.height / 2 - window.innerHeight / 2,
        behavior: 'instant',
      });
    };
    /** The centre of a control's first box (a link wrapping over two lines has a gap in the middle). */
    const centreOf = (control: Element) => {
      const rect =
        [...control.getClientRects()].find((box) => box.width > 2 && box.height > 2) ??
        control.getBoundingClientRect();
      return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
    };
    const reaches = (control: Element, hit: Element | null) =>
      hit !== null &&
      (hit === control ||
        control.contains(hit) ||
        // A label's click goes to its control.
        (hit instanceof HTMLLabelElement && hit.control === control) ||
        (control instanceof HTMLInputElement &&
          [...(control.labels ?? [])].some((label) => label.contains(hit))));
    /** The fixed box `element` is drawn in, if any. */
    const fixedBoxOf = (element: Element) => {
      for (let box: Element | null = element; box; box = box.parentElement) {
        if (getComputedStyle(box).position === 'fixed') return box;
      }
      return null;
    };
    const startX = window.scrollX;
    const startY = window.scrollY;
    for (const control of controls) {
      bringToMiddle(control);
      const centre = centreOf(control);
      const x = Math.min(Math.max(centre.x, 0), window.innerWidth - 1);
      const y = Math.min(Math.max(centre.y, 0), window.innerHeight - 1);
      const hit = document.elementFromPoint(x, y);
      if (!reaches(control, hit)) problems.push(`${nameOf(control)} is covered by ${nameOf(hit)}`);
    }
    const viewportWidth = document.documentElement.clientWidth;
    const fixedBoxes = [...document.body.querySelectorAll('*')].filter(
      (element) =>
        getComputedStyle(element).position === 'fixed' &&
        element.checkVisibility({ visibilityProperty: true, opacityProperty: true }) &&
        getComputedStyle(element).pointerEvents !== 'none',
    );
    const overlap = (a: DOMRect, b: { left: number; right: number; top: number; bottom: number }) => ({
      left: Math.max(a.left, b.left),
      right: Math.min(a.right, b.right),
      top: Math.max(a.top, b.top),
      bottom: Math.min(a.bottom, b.bottom),
    });
    const isEmpty = (box: { left: number; right: number; top: number; bottom: number }) =>
      box.right - box.left < 1 || box.bottom - box.top < 1;
    for (const [place, top] of [
      ['the top', 0],
      ['the end', document.documentElement.scrollHeight],
    ] as const) {
      window.scrollTo({ left: 0, top, behavior: 'instant' });
      const bars = fixedBoxes
        .map((box) => box.getBoundingClientRect())
        .filter((box) => box.width >= viewportWidth - 1);
      const floating = fixedBoxes.filter((box) => {
        const rect = box.getBoundingClientRect();
        return rect.width > 0 && rect.width < viewportWidth - 1;
      });
      for (const control of controls) {
        if (fixedBoxOf(control)) continue;
        const rect = control.getBoundingClientRect();
        for (const box of floating) {
          if (box.contains(control)) continue;
          const shared = overlap(rect, box.getBoundingClientRect());
          if (isEmpty(shared)) continue;
          // Under a full-width bar as well: the control scrolls there, as content does under bars.
          if (bars.some((bar) => !isEmpty(overlap(bar, shared)))) continue;
          problems.push(`at ${place} of the page, ${nameOf(box)} floats over ${nameOf(control)}`);
        }
      }
    }
    window.scrollTo({ left: startX, top: startY, behavior: 'instant' });
    return problems;
  });
}

/**
 * A rupee figure broken over two lines ("₹1,51,31" and "6"): each text that is one
 * amount must lie on one line.
 */
export function brokenFigures(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (!/^₹[\d,]+(\.\d+)?$/.test(text)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set(
        [...range.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.top)),
      );
      if (lines.size > 1) problems.push(`the figure ${text} breaks over ${lines.size} lines`);
    }
    return problems;
  });
}

/**
 * What the layout walk checks of a page, for a journey's own screens at the width it runs: nothing
 * wider than the screen and no WCAG 2.1 AA violation from axe on what the page shows now.
 */
export async function expectFitsAndPassesAxe(page: Page) {
  expect(await overflowProblems(page)).toEqual([]);
  const axe = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
}
