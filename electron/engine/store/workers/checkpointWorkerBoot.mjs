// Starts the checkpoint worker from the TypeScript sources (tests, the CLI, the browser host); the
// built app starts the bundled worker instead (see checkpointer.ts). How: ../../workerBoot.mjs.
import { bootWorker } from '../../workerBoot.mjs';

await bootWorker(new URL('./checkpointWorker.ts', import.meta.url), 'storeCheckpointWorker.js');
