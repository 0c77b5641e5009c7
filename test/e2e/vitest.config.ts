import { defineConfig } from 'vitest/config';

/** Browser tests: Debian's chromium through playwright-core against the browser host. Run after `npm run build:web`. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/e2e/**/*.test.ts'],
    environment: 'node',
    // The CLI built once, for the district server the team test starts (test/helpers/serveProcess.ts).
    globalSetup: ['test/helpers/cliBundle.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
