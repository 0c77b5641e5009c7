import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './packageRoot';

/** The app version, from package.json (the one source of it). */
export function appVersion(): string {
  const pkg = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}
