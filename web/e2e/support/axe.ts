/**
 * Accessibility checks with axe-core (WCAG A and AA rules) in the page as it is now. The
 * engine is evaluated through the browser's DevTools protocol, not as a page script, so the
 * server's Content-Security-Policy (no inline scripts) does not apply to it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface A11yViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** The rule sets axe runs by default: WCAG 2.0 and 2.1, levels A and AA, and axe's best practices. */
export const WCAG21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] as const;

/**
 * WCAG 2.2 AA as well (its 24 px target size, 2.5.8): the accessibility gate (10-a11y) checks every
 * screen with it.
 */
export const WCAG22_AA = [...WCAG21_AA, 'wcag22aa'] as const;

/**
 * Waits until every finite animation and transition of the page has ended (spinners loop for
 * ever and are left alone). A toast that arrives from the socket just before a check is otherwise
 * measured mid-fade, its text blended with the background (a contrast "violation" no reader sees).
 */
export async function transitionsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * The serious and critical violations axe finds in the page, or only inside the first element
 * `selector` matches (a dialog: the page behind it is checked on its own), with the rules of `tags`.
 */
export async function seriousA11yViolations(
  page: Page,
  selector?: string,
  tags: readonly string[] = WCAG21_AA,
): Promise<A11yViolation[]> {
  await transitionsEnded(page);
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ selector: scope, tags }) => {
      const axe = (
        window as unknown as {
          axe: {
            run: (
              context: Document | Element,
              options: object,
            ) => Promise<{
              violations: {
                id: string;
                impact: string | null;
                help: string;
                nodes: { target: unknown[]; html: string; failureSummary?: string }[];
              }[];
            }>;
          };
        }
      ).axe;
      const context = scope ? document.querySelector(scope) : document;
      if (!context) throw new Error(`axe: nothing matches ${scope}`);
      const result = await axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return result.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes
          .slice(0, 5)
          .map(
            (node) =>
              `${JSON.stringify(node.target)} ${node.html.slice(0, 160)} ${(node.failureSummary ?? '').slice(0, 200)}`,
          ),
      }));
    },
    { selector, tags: [...tags] },
  );
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}
