/**
 * How one bank's CSV export maps onto bank lines, saved by name (one per bank, e.g. "First State
 * Bank"). Validated before any file is read, so a mistyped mapping fails with what to fix rather
 * than as a confusing error on line 2 of every statement.
 */
import { z } from 'zod';
import { CSV_DATE_FORMATS, CSV_DECIMAL_SEPARATORS, CSV_DELIMITERS, CSV_SIGN_CONVENTIONS } from '../../../shared/domain';
import { BankStatementError } from './types';

export { CSV_DATE_FORMATS, type CsvDateFormat } from '../../../shared/domain';

const column = z
  .string({ error: 'must name a column of the header' })
  .trim()
  .min(1, 'must name a column of the header');

const SKIP = 'must be a whole number from 0 to 50';

export const csvMappingSchema = z
  .object(
    {
      name: z
        .string({ error: 'must name the bank, e.g. "First State Bank"' })
        .trim()
        .min(1, 'must name the bank, e.g. "First State Bank"'),
      date: column,
      dateFormat: z.enum(CSV_DATE_FORMATS, { error: `must be one of ${CSV_DATE_FORMATS.join(', ')}` }),
      /** One signed column, or separate debit and credit columns (one of them filled per row). */
      amount: z.union([column, z.object({ debit: column, credit: column }).strict()], {
        error: 'must be a column name, or { debit, credit } column names',
      }),
      description: column,
      reference: column.optional(),
      type: column.optional(),
      /**
       * A column holding the account number, or `{ fixed }` for exports of one account. Without it the
       * mapping's name stands for the account: one mapping per account exported.
       */
      account: z.union([column, z.object({ fixed: z.string().trim().min(1) }).strict()]).optional(),
      delimiter: z.enum(CSV_DELIMITERS).default(','),
      /** Lines before the header (a title, the account and period) that some banks print first. */
      skipLines: z.number({ error: SKIP }).int(SKIP).min(0, SKIP).max(50, SKIP).default(0),
      /** "," for exports that write 1.234,56; thousands are then grouped with "." or a space. */
      decimalSeparator: z
        .enum(CSV_DECIMAL_SEPARATORS, { error: `must be one of ${CSV_DECIMAL_SEPARATORS.join(' or ')}` })
        .default('.'),
      /** "debit-positive" for card exports whose one amount column writes charges unsigned. */
      signConvention: z
        .enum(CSV_SIGN_CONVENTIONS, { error: `must be one of ${CSV_SIGN_CONVENTIONS.join(' or ')}` })
        .default('credit-positive'),
    },
    { error: 'it must be a set of settings: name, date, dateFormat, amount, description, and optional ones' },
  )
  .strict();

export type CsvMappingInput = z.input<typeof csvMappingSchema>;
export type CsvMapping = z.output<typeof csvMappingSchema>;

/** The mapping, checked; a BankStatementError('bad_mapping') names every field to fix. */
export function parseCsvMapping(input: unknown): CsvMapping {
  const result = csvMappingSchema.safeParse(input);
  if (result.success) return result.data;
  const name =
    typeof input === 'object' &&
    input !== null &&
    'name' in input &&
    typeof input.name === 'string' &&
    input.name.trim()
      ? `the "${input.name.trim()}" column mapping`
      : 'the column mapping';
  const problems = result.error.issues.map((issue) => {
    const path = issue.path.join('.');
    if (issue.code === 'unrecognized_keys') return `unknown setting ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    return path ? `${path} ${issue.message}` : issue.message;
  });
  throw new BankStatementError('csv', 'bad_mapping', null, `${name} is not usable: ${problems.join('; ')}`);
}
