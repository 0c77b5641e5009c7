// Starts the backup worker from the TypeScript sources (tests, the CLI, the browser host); the built
// app starts the bundled worker instead (see backup.ts). How: ../../workerBoot.mjs.
import { bootWorker } from '../../workerBoot.mjs';

await bootWorker(new URL('./backupWorker.ts', import.meta.url), 'storeBackupWorker.js');
