/**
 * Importing a statement: parse (a malformed file is refused whole, nothing stored), store the
 * statement with the lines no earlier statement brought in one transaction (the same bytes twice add
 * nothing; overlapping statements and the same lines in another format de-duplicate, see
 * store/bankLineIdentity.ts), then match, and record that it matched: an import killed in between
 * is found unfinished at the next start and matched then (finishImports.ts).
 */
import { createHash } from 'node:crypto';
import { ContractError, type ParsedArgs } from '../../../shared/contract';
import { toIsoUtc } from '../../../shared/time';
import type { BankImportSummary } from '../../../shared/domain';
import type { ReadableDB, WritableDB } from '../store/work';
import {
  markStatementsMatched,
  storeStatement,
  type StoredStatement,
  emptyStateCounts,
  lineStateCounts,
  MATCH_STATES,
  type MatchState,
} from '../store/bank';
import { getMappingJson } from '../store/bank';
import { withBulkCheckpoints } from '../store/dialect';
import type { CsvMappingInput } from './csvMapping';
import { decodeStatementBytes, statementSource } from './detect';
import { withoutNulPadding } from './nulCharacters';
import { BankStatementError, type StatementSource } from './types';
import { rematchWithOutcomes, type LineOutcomes, type RematchDeps } from './rematch';

/** What an import uses: matching's parts, and the store's read handle for a saved CSV mapping. */
export interface ImportDeps extends RematchDeps {
  store: { reader: ReadableDB; writer: WritableDB };
}

export interface ImportOutcome {
  summary: BankImportSummary;
  /** Whether lines were added or matching changed anything: worth a data.changed 'bank'. */
  changed: boolean;
}

export async function importStatement(
  ctx: ImportDeps,
  args: ParsedArgs<'bank.import'>,
  actor: { by: string; at: string },
): Promise<ImportOutcome> {
  // A year's statement writes tens of MB: its checkpoints run beside it, as a sync's do.
  const { file, stored, matching } = await withBulkCheckpoints(ctx.store.writer, async () => {
    const { file, stored } = await parseAndStore(ctx, args, actor);
    if (stored.alreadyImported) return { file, stored, matching: null };
    const matching = await rematchWithOutcomes(ctx);
    // Until this is recorded the import is unfinished: a start finds it and matches (finishImports).
    await markStatementsMatched(ctx.store.writer, [stored.statementId], toIsoUtc(ctx.clock.now()));
    return { file, stored, matching };
  });
  const counts = await stateCounts(ctx, stored.lineIds, matching?.outcomes);
  return {
    summary: {
      statementId: stored.statementId,
      alreadyImported: stored.alreadyImported,
      ...file,
      newLines: stored.newLines,
      duplicatesSkipped: file.linesInFile - stored.newLines,
      possibleDuplicates: stored.possibleDuplicates,
      corrections: stored.corrections,
      matched: counts.matched,
      suggested: counts.suggested,
      unmatched: counts.unmatched,
      explained: counts.explained,
    },
    changed: stored.newLines > 0 || (matching?.result.changed ?? false),
  };
}

/**
 * Parses and stores: a BAI2 file's lines are stored as they are read, never all held at once (a
 * fault found late in the file throws out of the store's unit of work, so nothing of it is stored).
 */
async function parseAndStore(
  ctx: ImportDeps,
  args: ParsedArgs<'bank.import'>,
  actor: { by: string; at: string },
): Promise<{
  file: Pick<BankImportSummary, 'format' | 'range' | 'accounts' | 'linesInFile'>;
  stored: StoredStatement;
}> {
  // The digest of the text's UTF-8 bytes, without a second copy of a large file in memory.
  const hash = createHash('sha256');
  let text = args.content;
  if (args.encoding === 'base64') {
    const bytes = Buffer.from(args.content, 'base64');
    hash.update(bytes);
    text = decodeStatementBytes(bytes);
  } else hash.update(args.content, 'utf8');
  const sha256 = hash.digest('hex');
  text = withoutNulPadding(args.fileName, text);
  const source = await parse(ctx, args, text);
  const stored = await refusedWhole(() =>
    storeStatement(ctx.store.writer, {
      fileName: args.fileName,
      sha256,
      format: source.format,
      importedAt: actor.at,
      importedBy: actor.by,
      lines: source.lines,
      accountsSoFar: () => source.accountsSoFar(),
      summary: () => source.summary(),
    }),
  );
  const { range, accounts } = source.summary();
  const file = {
    format: source.format,
    range,
    accounts: accounts.map((a) => a.account),
    linesInFile: stored.lineIds.length,
  };
  return { file, stored };
}

/**
 * The states of the file's lines after matching. The run decided every open line, and a line it
 * decided is in the state it decided (the run's own writes made it so); only lines it did not look
 * at (already matched or explained before this import) are read.
 */
async function stateCounts(
  ctx: ImportDeps,
  lineIds: readonly number[],
  outcomes: LineOutcomes | undefined,
): Promise<Record<MatchState, number>> {
  const counts = emptyStateCounts();
  const unread: number[] = [];
  // Each id once, in order: a year's 50,000 ids as numbers, not a set of them.
  const ids = Float64Array.from(lineIds).sort();
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    if (i > 0 && id === ids[i - 1]) continue;
    const outcome = outcomes?.get(id);
    if (outcome !== undefined) counts[outcome] += 1;
    else if (id !== 0) unread.push(id);
  }
  if (unread.length === 0) return counts;
  const read = await lineStateCounts(ctx.store.writer, unread);
  for (const status of MATCH_STATES) counts[status] += read[status];
  return counts;
}

async function parse(ctx: ImportDeps, args: ParsedArgs<'bank.import'>, text: string): Promise<StatementSource> {
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
  return refusedWhole(async () =>
    statementSource(args.fileName, text, {
      ...(args.format ? { format: args.format } : {}),
      ...(mapping !== undefined ? { mapping } : {}),
    }),
  );
}

/** A malformed file is refused whole: the message already names the line and what to do. */
async function refusedWhole<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BankStatementError) throw new ContractError('BAD_ARGUMENTS', error.message);
    throw error;
  }
}
