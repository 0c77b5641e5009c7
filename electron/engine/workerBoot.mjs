// A worker thread started from the TypeScript sources does not inherit the parent's tsx loader, so it
// registers its own and loads its module graph from the sources: seconds of CPU before its first
// message. A test run has already bundled the workers once (test/helpers/cliBundle.ts) and names that
// folder in RECON_WORKER_BUNDLE, so a worker of the sources starts from it instead, as the built app's do.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Loads the worker `source` (a .ts URL) through tsx, or `bundled` from RECON_WORKER_BUNDLE when set. */
export async function bootWorker(source, bundled) {
  const bundle = process.env.RECON_WORKER_BUNDLE;
  if (bundle) return import(pathToFileURL(join(bundle, bundled)).href);
  const { register } = await import('tsx/esm/api');
  register();
  return import(source.href);
}
