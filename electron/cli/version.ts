import { readFileSync } from 'node:fs';

/** The app version, from package.json (the one source of it). */
export function appVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}
