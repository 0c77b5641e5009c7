// Starts the backup worker from the TypeScript sources (tests, the CLI, the browser host): a worker
// thread does not inherit the parent's tsx loader, so it registers its own. The built app starts
// the bundled worker instead (see backup.ts).
import { register } from 'tsx/esm/api';

register();
await import('./backupWorker.ts');
