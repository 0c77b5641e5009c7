import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const NAME = 'district-recon';

/**
 * The project's folder: the nearest one above `from` whose package.json is this app's. Walking up
 * rather than a fixed `../..` keeps it right from the sources (electron/cli/…) and from a bundle of
 * them in any folder of the project (out/main, a test's build of the CLI).
 */
export function packageRoot(from: string = import.meta.url): string {
  const start = dirname(fileURLToPath(from));
  for (let dir = start; ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === NAME) return dir;
    if (dirname(dir) === dir) throw new Error(`No ${NAME} package.json in ${start} or above it`);
  }
}
