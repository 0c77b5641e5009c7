/**
 * An account-map CSV (issue 30 item 4): `number,code`, Chart of Accounts number to ERP code, as the
 * CLI's `export gl --account-map FILE.csv` reads it.
 */
import { parse } from 'csv-parse/sync';
import { ContractError } from './contract/errors';

export interface AccountCode {
  glNumber: string;
  code: string;
}

/**
 * An account-map CSV (`number,code`, a header row first): its rows, or a one-line error naming the
 * line and what is wrong. A number given twice is refused: which code is meant cannot be guessed.
 */
export function parseAccountMapCsv(text: string, fileName: string): AccountCode[] {
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), { skip_empty_lines: true, trim: true, relax_column_count: true });
  } catch (error) {
    throw new ContractError('BAD_ARGUMENTS', `${fileName} is not a CSV file (${(error as Error).message}).`);
  }
  const [header, ...rows] = records;
  const names = header?.map((name) => name.toLowerCase());
  if (!names || names[0] !== 'number' || names[1] !== 'code' || names.length !== 2) {
    throw new ContractError(
      'BAD_ARGUMENTS',
      `${fileName} must start with the header "number,code" (Chart of Accounts number, ERP code); it starts with "${(header ?? []).join(',')}".`,
    );
  }
  const seen = new Map<string, number>();
  return rows.map((row, index) => {
    const line = index + 2;
    if (row.length !== 2 || !row[0]) {
      throw new ContractError(
        'BAD_ARGUMENTS',
        `${fileName} line ${line} must hold a Chart of Accounts number and its code, two columns; it holds "${row.join(',')}".`,
      );
    }
    const glNumber = row[0];
    const earlier = seen.get(glNumber);
    if (earlier !== undefined) {
      throw new ContractError(
        'BAD_ARGUMENTS',
        `${fileName} gives Chart of Accounts number ${glNumber} twice (lines ${earlier} and ${line}); keep one.`,
      );
    }
    seen.set(glNumber, line);
    return { glNumber, code: row[1]! };
  });
}
