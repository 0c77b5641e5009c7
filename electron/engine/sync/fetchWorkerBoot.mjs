// Starts the fetch worker from the TypeScript sources (tests, the CLI, the browser host); the built
// app starts the bundled worker instead (see pageSource.ts). How: ../workerBoot.mjs.
import { bootWorker } from '../workerBoot.mjs';

await bootWorker(new URL('./fetchWorker.ts', import.meta.url), 'syncFetchWorker.js');
