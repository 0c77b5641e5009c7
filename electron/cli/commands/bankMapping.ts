/**
 * The CSV column mapping `bank import` reads a CSV with (issue 25 item 5): a saved one by name
 * (`--mapping NAME`), one given on the command line (`--columns date=Posted,amount=Amount,...`), or
 * the app's saved shape in a file (`--mapping-file FILE.json`). A mapping given is checked by the
 * engine with the schema the app's form uses, then saved by name for next time.
 */
import { readFileSync } from 'node:fs';
import { UsageError } from '../args';

/** The settings `--columns` names a column with; any other key is a setting of the mapping. */
const COLUMN_KEYS = new Set(['date', 'amount', 'debit', 'credit', 'description', 'reference', 'type', 'account']);

/**
 * `date=Posted,amount=Amount,description=Memo` into a mapping: `debit=` and `credit=` together are
 * the two-column amount; settings that are numbers (skipLines=2) or true/false are read as such; a
 * comma or equals sign inside a name is written with a backslash before it.
 */
export function mappingFromColumns(spec: string, name: string | undefined): Record<string, unknown> {
  const mapping: Record<string, unknown> = {};
  const amount: Record<string, string> = {};
  for (const pair of splitUnescaped(spec, ',')) {
    if (pair.trim() === '') continue;
    const [key, ...rest] = splitUnescaped(pair, '=');
    const setting = key!.trim();
    if (rest.length !== 1 || setting === '') {
      throw new UsageError(
        `--columns: "${pair}" is not SETTING=VALUE (e.g. date=Posted,amount=Amount,description=Memo)`,
      );
    }
    const value = rest[0]!.trim();
    if (setting in mapping || setting in amount) throw new UsageError(`--columns: "${setting}" is given twice`);
    if (setting === 'debit' || setting === 'credit') amount[setting] = value;
    else if (COLUMN_KEYS.has(setting)) mapping[setting] = value;
    else mapping[setting] = settingValue(value);
  }
  if (Object.keys(amount).length > 0) {
    if (mapping.amount !== undefined) throw new UsageError('--columns: give amount= or debit= and credit=, not both');
    mapping.amount = amount;
  }
  const named = name ?? (typeof mapping.name === 'string' ? mapping.name : undefined);
  if (named === undefined) {
    throw new UsageError('--columns: name the mapping with --mapping NAME (it is saved by that name for next time)');
  }
  return { dateFormat: 'MM/DD/YYYY', ...mapping, name: named };
}

/** The mapping in a JSON file, in the shape the app saves (BankCsvMapping); --mapping renames it. */
export function mappingFromFile(file: string, name: string | undefined): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(code === 'ENOENT' ? `${file}: no such file` : `${file}: cannot be read (${code ?? 'error'})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: not JSON (${error instanceof Error ? error.message.slice(0, 120) : 'unreadable'})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${file}: a column mapping is a JSON object of settings (name, date, dateFormat, amount, ...)`);
  }
  return name === undefined ? (value as Record<string, unknown>) : { ...value, name };
}

function settingValue(value: string): unknown {
  if (/^\d+$/.test(value)) return Number(value);
  if (value === 'true' || value === 'false') return value === 'true';
  return value;
}

/** Splits on `separator` except where a backslash escapes it (and drops that backslash). */
function splitUnescaped(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '\\' && (text[i + 1] === separator || text[i + 1] === '\\')) {
      current += text[i + 1];
      i += 1;
    } else if (char === separator) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts;
}
