/**
 * LibreOffice as an independent reader of our workbooks: each sheet converted to CSV, the fields as
 * it prints them. CI installs libreoffice-calc; tests skip locally without it and fail on CI.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function findLibreOffice(): string | null {
  for (const name of ['libreoffice', 'soffice']) {
    const found = spawnSync('which', [name], { encoding: 'utf8' });
    if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  }
  return null;
}

export const onCi = process.env.CI === 'true' || process.env.CI === '1';

/** "$1,234.56", "-$5.00" or "($5.00)" as LibreOffice prints the currency format, to cents. */
export function csvCents(field: string): number {
  const text = field.replace(/["$,\s]/g, '');
  const negative = text.startsWith('-') || text.startsWith('(');
  const [whole, fraction = '0'] = text.replace(/[-()]/g, '').split('.');
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -value : value;
}

/** One CSV line's fields (quoted fields unquoted). */
export function csvFields(line: string): string[] {
  return line
    .match(/("([^"]|"")*"|[^,]*)(,|$)/g)!
    .slice(0, -1)
    .map((f) =>
      f
        .replace(/,$/, '')
        .replace(/^"(.*)"$/, '$1')
        .replace(/""/g, '"'),
    );
}

/**
 * Every sheet of `file` as CSV lines, by sheet name (LibreOffice 7.2+ writes one CSV per sheet,
 * named <file>-<sheet>.csv; UTF-8, comma separated, as formatted). `folder` takes its profile and output.
 */
export function sheetsAsCsv(libreoffice: string, file: string, folder: string): Record<string, string[]> {
  const out = join(folder, 'csv');
  execFileSync(
    libreoffice,
    [
      `-env:UserInstallation=file://${join(folder, 'profile')}`,
      '--headless',
      '--convert-to',
      'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1',
      '--outdir',
      out,
      file,
    ],
    { stdio: 'pipe', timeout: 170_000 },
  );
  const stem = file
    .split('/')
    .at(-1)!
    .replace(/\.xlsx$/, '');
  return Object.fromEntries(
    readdirSync(out).map((name) => [
      name.slice(stem.length + 1, -'.csv'.length),
      readFileSync(join(out, name), 'utf8').trim().split(/\r?\n/),
    ]),
  );
}
