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
    // Two files at a time: each starts its servers on ports the system picks (port 0), its data in a
    // temp folder of its own and its artifacts under names of its own, so nothing they share collides;
    // one file's Chromium renders while the other's engine, sandbox or server works.
    fileParallelism: true,
    maxWorkers: 2,
    // A worker's files share the modules it loaded (the engine, the sandbox, playwright-core): each
    // file's own import of them was ~4 s of the lane's CPU. No e2e helper keeps state of its own
    // between files; each file starts its own servers, folders and browser.
    isolate: false,
  },
});
