/**
 * Whether the CLI bundle built at install (scripts/build-cli.mjs) still matches the sources: every
 * source file it was built from has the modification time it had then. A developer's edit or a
 * checkout after the install makes it stale, and the CLI then runs the sources rather than an older
 * program. Plain JavaScript, as bin.mjs loads it before anything can compile TypeScript.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The bundle's entry file in `bundleDir`, or null when there is none or the sources moved past it. */
export function freshBundleEntry(root, bundleDir) {
  let sources;
  try {
    ({ sources } = JSON.parse(readFileSync(join(bundleDir, 'bundle.json'), 'utf8')));
  } catch {
    return null;
  }
  for (const [source, mtimeMs] of Object.entries(sources)) {
    const now = statSync(join(root, source), { throwIfNoEntry: false });
    if (now?.mtimeMs !== mtimeMs) return null;
  }
  return join(bundleDir, 'cli.js');
}
