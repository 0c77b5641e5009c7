/** A file of this run's CLI bundle (test/helpers/cliBundle.ts), for a test to start with plain node. */
import { join } from 'node:path';
import { inject } from 'vitest';

export function bundledEntry(name: 'cli' | 'killRunner'): string {
  const dir = inject('cliBundle');
  if (!dir) throw new Error("No CLI bundle: add test/helpers/cliBundle.ts to this project's globalSetup.");
  return join(dir, `${name}.js`);
}
