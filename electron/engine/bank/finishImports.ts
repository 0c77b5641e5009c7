/**
 * Issue 26 item 12: an import stores its lines in one unit of work and matches them in the next. A
 * process killed between the two left the lines unmatched until a sync happened to match them; the
 * statement's matched_at stays empty until matching has run, so the next start finds such imports
 * and matches them before anyone reads the bank side.
 */
import { toIsoUtc } from '../../../shared/time';
import type { Logger } from '../logger';
import { markStatementsMatched, unmatchedStatementIds } from '../store/bank';
import { rematchBank, type RematchDeps } from './rematch';

/** What finishing an import uses: matching's parts, and a log line saying it happened. */
export interface FinishImportsDeps extends RematchDeps {
  logger: Pick<Logger, 'info'>;
}

/** Matches after imports found unfinished; the number of such statements (0: nothing to do). */
export async function finishUnmatchedImports(ctx: FinishImportsDeps): Promise<number> {
  const unfinished = await unmatchedStatementIds(ctx.store.writer);
  if (unfinished.length === 0) return 0;
  await rematchBank(ctx);
  await markStatementsMatched(ctx.store.writer, unfinished, toIsoUtc(ctx.clock.now()));
  ctx.logger.info(`Matched ${unfinished.length} bank statement(s) whose import stopped before matching.`);
  return unfinished.length;
}
