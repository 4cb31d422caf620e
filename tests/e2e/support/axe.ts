import fs from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The minified build of the axe-core AxeBuilder depends on (its own version, not Lighthouse's
 * newer one, whose rules differ). AxeBuilder otherwise sends the page the source of the build it
 * loaded, the unminified one (1.4 MB against 0.65 MB), and evaluates it twice per check; parsing
 * it was about a third of each check (docs/performance.md, "The test suite").
 */
const fromAxeBuilder = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const AXE_SOURCE = fs.readFileSync(fromAxeBuilder.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe reads colours as painted: a button still fading between its disabled and enabled colours
 * (checkout's Proceed as the delivery quote arrives) measured 2.0:1 mid-fade. Finite transitions
 * end first; endless ones (a spinner) are left running.
 */
async function finishTransitions(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** AxeBuilder whose check waits for the page's transitions to end. */
class SettledAxeBuilder extends AxeBuilder {
  constructor(private readonly checkedPage: Page) {
    super({ page: checkedPage, axeSource: AXE_SOURCE });
  }

  override async analyze() {
    await finishTransitions(this.checkedPage);
    return super.analyze();
  }
}

/**
 * axe-core on the page as a journey runs it, once its transitions have ended: in legacy mode, in
 * the page itself and its same-origin frames. The default runs it per frame, then again in a blank
 * page it opens to merge the frames' results, which doubled each check; our pages have no
 * cross-origin frames, the one thing only the default can test.
 */
export const axeOn = (page: Page) => new SettledAxeBuilder(page).setLegacyMode(true);
