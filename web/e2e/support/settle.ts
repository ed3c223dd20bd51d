/**
 * Waiting for a screen to be still before a screenshot, an accessibility check or a measurement,
 * by what the page says rather than by fixed sleeps: React has drawn, nothing is marked busy, the
 * DOM keeps still, no transition is running. The fixed 350–400 ms sleeps these replaced cost
 * ~5 minutes of every end-to-end run (four per screen shot in each theme and size) and still
 * guessed.
 */
import type { Page } from 'playwright-core';
import { transitionsEnded } from './axe';

/** Two animation frames: what the last change made React render is committed and painted. */
export async function painted(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * The page has stopped changing: no DOM mutation for `quietMs` (at most `maxMs` in all: a clock
 * that ticks every second still leaves quiet gaps). What a resize re-renders can land a few
 * frames after it (a menu opened meanwhile closes when the header redraws), so frames alone do
 * not say it is over.
 */
export async function domQuiet(page: Page, quietMs = 120, maxMs = 3_000): Promise<void> {
  await page.evaluate(
    ({ quietMs, maxMs }) =>
      new Promise<void>((resolve) => {
        let timer = setTimeout(done, quietMs);
        const cap = setTimeout(done, maxMs);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, quietMs);
        });
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        function done() {
          observer.disconnect();
          clearTimeout(timer);
          clearTimeout(cap);
          resolve();
        }
      }),
    { quietMs, maxMs },
  );
}

/**
 * The screen's data has arrived: nothing marked busy (the requests' progress bar in the header,
 * skeletons, a list loading its page). A screen still busy after 10 s is shot as it is.
 */
export async function notBusy(page: Page): Promise<void> {
  await page
    .waitForFunction(() => document.querySelector('[aria-busy="true"]') === null, undefined, { timeout: 10_000 })
    .catch(() => undefined);
}

/**
 * Lets the page settle before a screenshot or an accessibility check: the first load's requests
 * end (`networkidle` answers at once after it), the mouse leaves the menus (no tooltip covers the
 * screen), the window scrolls to the top (a full-page shot draws fixed elements, such as the
 * header, where the viewport is), web fonts are in, the data has arrived, what a resize or a
 * theme change re-renders is done (the DOM keeps still) and every finite transition has ended.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const viewport = page.viewportSize();
  if (viewport) await page.mouse.move(viewport.width - 2, viewport.height - 2);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await painted(page);
  await notBusy(page);
  await domQuiet(page);
  await transitionsEnded(page);
}
