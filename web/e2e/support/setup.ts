/**
 * Runs around every end-to-end test (`setupFiles` of vitest.e2e.config.ts): a violation of the
 * server's Content-Security-Policy on any page the test opened fails that test, whether or not the
 * test checks its pages' `errors` (support/browser.ts collects them).
 */
import { afterEach, expect } from 'vitest';
import { takeCspViolations } from './browser';

afterEach(() => {
  expect(takeCspViolations(), 'Content-Security-Policy violations').toEqual([]);
});
