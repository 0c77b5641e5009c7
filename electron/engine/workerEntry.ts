/**
 * Where a worker_threads entry is, for a module at `here`: from the TypeScript sources through a small
 * tsx bootstrap beside it (a worker does not inherit the parent's tsx loader), in the built app as one
 * of the bundle's own entries (electron.vite.config.ts). Null when neither is there, so the caller can
 * do the work on its own thread instead.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function workerEntry(here: string, sourceBoot: string, bundled: string): URL | null {
  if (new URL(here).pathname.endsWith('.ts')) return new URL(`./${sourceBoot}`, here);
  // The bundle puts entries in out/main and shared code maybe in a chunks folder below it.
  for (const candidate of [`./${bundled}`, `../${bundled}`]) {
    const url = new URL(candidate, here);
    if (existsSync(fileURLToPath(url))) return url;
  }
  return null;
}
