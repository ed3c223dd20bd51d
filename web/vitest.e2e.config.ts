// End-to-end tests (`npm run e2e`): the real server binary against a fresh SQLite directory, the
// built app, and Debian's headless Chromium driven by playwright-core (DESIGN §11). Node
// environment; one file at a time, one test at a time (they share one server and build on each
// other's data only within a file).
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files run in name order (01-auth, 02-roles...): later files change roles earlier ones rely on. */
class ByName extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}

export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./e2e/global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    sequence: { concurrent: false, shuffle: false, sequencer: ByName },
    // A real browser against a real server (argon2 hashing on login): generous.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    // A failed test must fail the run, not be retried into a pass.
    retry: 0,
  },
});
