/**
 * Where money goes that the service gives no Chart of Accounts account, and the ERP's account codes
 * (issue 30 items 2 and 4), from the command line:
 * - `district-recon export default-account (--school ID | --item NAME) (--account NUMBER | --clear)`
 * - `export gl --account-map FILE.csv`: the layout's codes (columns number,code), saved for next time
 *   before anything is written; every code that cannot fit its layout is named and nothing is saved.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ContractError, ERP_CODE_LAYOUTS, type ErpCodeLayout, type ExportLayout } from '../../../shared/contract';
import { parseAccountMapCsv } from '../../../shared/accountMapCsv';
import { openExistingStore } from '../existingStore';
import { parseFlags, UsageError } from '../args';
import { HELP } from '../usage';
import { stderr, stdout } from '../output';

type Engine = Awaited<ReturnType<typeof openExistingStore>>;

const USAGE = HELP.export!.subcommands!['default-account']!;

export async function chooseDefaultAccount(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags(argv, {
    strings: ['school', 'item', 'account', 'db', 'database'],
    booleans: ['clear'],
  });
  if (positionals.length) throw new UsageError(`unexpected ${JSON.stringify(positionals[0])}\n${USAGE}`);
  if ((values.school === undefined) === (values.item === undefined))
    throw new UsageError(`give --school ID or --item NAME\n${USAGE}`);
  if ((values.account === undefined) === !values.clear)
    throw new UsageError(`give --account NUMBER, or --clear to remove the default\n${USAGE}`);
  if (values.school !== undefined && !/^\d+$/.test(values.school))
    throw new UsageError(`--school takes the school's payee id (a number), got ${JSON.stringify(values.school)}`);
  const glNumber = values.clear ? null : values.account!.trim();
  const engine = await openExistingStore(values);
  try {
    const maps = await engine.call(
      'accountMaps.setDefault',
      values.school !== undefined ? { school: Number(values.school), glNumber } : { item: values.item!, glNumber },
    );
    const who =
      values.school !== undefined
        ? (maps.schools.find((s) => s.payeeId === Number(values.school))?.payeeName ?? `school ${values.school}`)
        : `item "${values.item}"`;
    stdout.write(
      glNumber === null
        ? `${who} has no default account now.\n`
        : `${who}: money with no Chart of Accounts account posts to ${glNumber}.\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof ContractError) {
      stderr.write(`district-recon export default-account: ${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await engine.close();
  }
}

/** Reads and saves an --account-map file for the layout the export writes (given, or Settings'). */
export async function saveAccountMap(engine: Engine, file: string, given: ExportLayout | undefined): Promise<void> {
  const layout = given ?? (await engine.call('settings.get', {})).exportLayout;
  if (!(ERP_CODE_LAYOUTS as readonly string[]).includes(layout)) {
    throw new UsageError(
      `--account-map gives ERP account codes for ${ERP_CODE_LAYOUTS.join(', ')}; this export writes ${layout}${layout === 'iif' ? ' (QuickBooks names are set in Settings > Export)' : ''}. Give --layout.`,
    );
  }
  let text: string;
  try {
    text = readFileSync(resolve(file), 'utf8');
  } catch (error) {
    throw new ContractError(
      'BAD_ARGUMENTS',
      `--account-map ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}).`,
    );
  }
  const codes = parseAccountMapCsv(text, file);
  await engine.call('accountMaps.setCodes', { layout: layout as ErpCodeLayout, codes });
  stderr.write(
    `Saved ${codes.length} ${layout} account code${codes.length === 1 ? '' : 's'} from ${file} for this and later exports.\n`,
  );
}
