/**
 * End-to-end tests (`npm run e2e`): the real server binary against a fresh SQLite directory, the
 * built app, and Debian's headless Chromium driven by playwright-core (docs/testing.md). Node
 * environment; one file at a time, one test at a time (they share one server).
 *
 * Files run in a random order (the seed is printed; `npm run e2e -- --sequence.seed=<n>` repeats
 * an order): each file sets up in `beforeAll` what it needs (roles through the real API,
 * `e2e/support/api.ts`) and puts back in `afterAll` what it changed that another file could see.
 * Tests within a file keep their order: they build on each other's data.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./e2e/global-setup.ts'],
    // Fails any test whose pages violated the Content-Security-Policy (e2e/support/setup.ts).
    setupFiles: ['./e2e/support/setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    sequence: { concurrent: false, shuffle: { files: true, tests: false } },
    // A real browser against a real server (argon2 hashing on login): generous.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    // A failed test must fail the run, not be retried into a pass.
    retry: 0,
    // What a page shows after a server round trip can take more than `expect.poll`'s default
    // second on a loaded CI machine; a poll that never comes true still fails, only later.
    expect: { poll: { timeout: 5_000 } },
  },
});
