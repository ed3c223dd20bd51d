/**
 * Screenshots of a state in every theme and size, each checked by axe-core (no serious or critical
 * violation): `<name>-{desktop,mobile}[-dark].png` under `e2e/screenshots/`. A part of the screen
 * that scrolls on its own (a drawer's section) is brought into view before each shot with
 * `ShotOptions.reveal`.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousA11yViolations, transitionsEnded } from './axe';
import { DESKTOP, MOBILE } from './browser';
import { setTheme, type Theme } from './inbox';
import { settle } from './settle';

const SCREENSHOTS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

export interface ShotOptions {
  /**
   * Brings what the shot is about into view after each resize (a drawer's section scrolled into
   * view: the window's own scroll is put back to the top first). The shot is then of the viewport,
   * not the full page (a full page would not show a panel's inner scroll).
   */
  reveal?: (page: Page) => Promise<void>;
}

/** Screenshots and axe checks of the page as it is, light and dark, 1280 and 390 px. */
export async function shots(page: Page, name: string, options: ShotOptions = {}): Promise<void> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  const themes: Theme[] = ['light', 'dark'];
  for (const theme of themes) {
    await setTheme(page, theme);
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      await page.setViewportSize(viewport);
      await settle(page);
      if (options.reveal) {
        await options.reveal(page);
        await transitionsEnded(page);
      }
      const suffix = theme === 'dark' ? '-dark' : '';
      await page.screenshot({
        path: join(SCREENSHOTS_DIR, `${name}-${size}${suffix}.png`),
        fullPage: options.reveal === undefined,
      });
      expect(await seriousA11yViolations(page), `axe: ${name} ${size} ${theme}`).toEqual([]);
    }
  }
  await setTheme(page, 'light');
  await page.setViewportSize(DESKTOP);
  await settle(page);
}

/**
 * At 390 px the page is no wider than the phone (nothing scrolls sideways), then back to 1280.
 * Polled: for the first frames after the resize a screen can still be laid out for the old width
 * (414–440 px seen), which a phone that opens it at 390 px never shows. `atPhoneSize` checks
 * more while the page is phone-sized (cards instead of a table).
 */
export async function fitsAPhone(page: Page, atPhoneSize?: () => Promise<void>): Promise<void> {
  await page.setViewportSize(MOBILE);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${page.url()} at 390 px` })
    .toBeLessThanOrEqual(MOBILE.width);
  await atPhoneSize?.();
  await page.setViewportSize(DESKTOP);
}
