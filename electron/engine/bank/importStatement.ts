/**
 * Importing a statement: parse (a malformed file is refused whole, nothing stored), store the
 * statement with the lines no earlier statement brought in one transaction (the same bytes twice add
 * nothing; overlapping statements de-duplicate by the format's identity), then match.
 */
import { createHash } from 'node:crypto';
import { ContractError, type ParsedArgs } from '../../../shared/contract';
import type { BankImportSummary } from '../../../shared/domain';
import type { EngineContext } from '../context';
import { storeStatement } from '../store/bankStatements';
import { lineStateCounts } from '../store/bankQueries';
import { getMappingJson } from '../store/bankMappings';
import type { CsvMappingInput } from './csvMapping';
import { decodeStatementBytes, parseStatement } from './detect';
import { BankStatementError, type ParsedStatement } from './types';
import { rematchBank } from './rematch';

export interface ImportOutcome {
  summary: BankImportSummary;
  /** Whether lines were added or matching changed anything: worth a data.changed 'bank'. */
  changed: boolean;
}

export async function importStatement(
  ctx: EngineContext,
  args: ParsedArgs<'bank.import'>,
  actor: { by: string; at: string },
): Promise<ImportOutcome> {
  const { writer } = ctx.store;
  const bytes = args.encoding === 'base64' ? Buffer.from(args.content, 'base64') : Buffer.from(args.content, 'utf8');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const text = args.encoding === 'base64' ? decodeStatementBytes(bytes) : args.content;
  const parsed = await parse(ctx, args, text);

  const stored = await storeStatement(writer, {
    fileName: args.fileName,
    sha256,
    format: parsed.format,
    from: parsed.range.from,
    to: parsed.range.to,
    importedAt: actor.at,
    importedBy: actor.by,
    accounts: parsed.accounts.map((a) => ({ account: a.account, currency: a.currency })),
    lines: parsed.lines,
  });
  const matching = stored.alreadyImported ? null : await rematchBank(ctx);
  const counts = await lineStateCounts(writer, stored.lineIds);
  return {
    summary: {
      statementId: stored.statementId,
      alreadyImported: stored.alreadyImported,
      format: parsed.format,
      range: parsed.range,
      accounts: parsed.accounts.map((a) => a.account),
      linesInFile: parsed.lines.length,
      newLines: stored.newLines,
      duplicatesSkipped: parsed.lines.length - stored.newLines,
      ...counts,
    },
    changed: stored.newLines > 0 || (matching?.changed ?? false),
  };
}

async function parse(ctx: EngineContext, args: ParsedArgs<'bank.import'>, text: string): Promise<ParsedStatement> {
  let mapping: CsvMappingInput | undefined;
  if (args.mappingName !== undefined) {
    const json = await getMappingJson(ctx.store.reader, args.mappingName);
    if (json === null) {
      throw new ContractError(
        'NOT_FOUND',
        `No CSV column mapping is saved as "${args.mappingName}". Save the bank's mapping first, then import again.`,
      );
    }
    mapping = JSON.parse(json) as CsvMappingInput;
  }
  try {
    return parseStatement(args.fileName, text, {
      ...(args.format ? { format: args.format } : {}),
      ...(mapping !== undefined ? { mapping } : {}),
    });
  } catch (error) {
    // Refused whole: the message already names the line and what to do.
    if (error instanceof BankStatementError) throw new ContractError('BAD_ARGUMENTS', error.message);
    throw error;
  }
}
