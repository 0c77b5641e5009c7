import { todayCentral } from '../../../shared/time';
import type { EngineContext } from '../context';
import { confirmMatch, explain, unexplain, unmatchLine } from '../bank/decisions';
import { importStatement } from '../bank/importStatement';
import { decidePossibleDuplicate, removeImport } from '../bank/removeImport';
import { bankLineSummary, bankSideOfBatch, getBankLine, inTransit, listBankLines } from '../bank/lines';
import { deleteMapping, listMappings, previewMapping, saveMapping } from '../bank/mappings';
import { rematchBank } from '../bank/rematch';
import { accountSummaries, toStatement, listStatementRows } from '../store/bank';
import { actingUser, dataChanged, nowIso, type DomainHandlers } from './domain';

/**
 * The bank side (DESIGN.md §10): import statements, read lines and what is in transit, and the
 * bookkeeper's confirmations and explanations. Every decision is followed by a matching run (it can
 * free or take batches other lines wait on) and a data.changed 'bank'.
 */
export function createBankHandlers(ctx: EngineContext): DomainHandlers<'bank'> {
  const { reader, writer } = ctx.store;
  const actor = async (by?: string) => ({ by: await actingUser(ctx, by), at: nowIso(ctx) });
  // The engine tells data.changed 'bank' after each (the method table).
  const decided = async () => {
    await rematchBank(ctx);
  };
  return {
    'bank.import': async (args) => {
      const { summary, changed } = await importStatement(ctx, args, await actor(args.by));
      if (changed) dataChanged(ctx, 'bank');
      return summary;
    },
    'bank.lines': async (request) => listBankLines(reader, request),
    'bank.line': async ({ id }) => getBankLine(reader, id),
    'bank.confirm': async ({ lineId, batchIds, transactionId, slipId, by }) => {
      await confirmMatch(writer, { lineId, batchIds, transactionId, slipId }, await actor(by));
      await decided();
      return bankLineSummary(writer, lineId);
    },
    'bank.unmatch': async ({ lineId, reason, by }) => {
      await unmatchLine(writer, lineId, reason, await actor(by));
      await decided();
      return bankLineSummary(writer, lineId);
    },
    'bank.explain': async ({ lineId, batchId, kind, note, by }) => {
      const explanation = await explain(writer, { lineId, batchId, kind, note }, await actor(by));
      await decided();
      return explanation;
    },
    'bank.unexplain': async ({ id, reason, by }) => {
      const explanation = await unexplain(writer, id, reason, await actor(by));
      await decided();
      return explanation;
    },
    'bank.inTransit': async ({ limit }) => {
      const { bankMatchWindowDays } = await ctx.settings();
      return inTransit(reader, todayCentral(ctx.clock), bankMatchWindowDays, limit);
    },
    'bank.forBatch': async ({ batchId }) => bankSideOfBatch(reader, batchId),
    'bank.accounts': async () => accountSummaries(reader),
    'bank.statements': async ({ limit }) => (await listStatementRows(reader, limit)).map(toStatement),
    'bank.statements.remove': async ({ statementId, by }) => {
      return removeImport(ctx, statementId, await actor(by));
    },
    'bank.duplicates.decide': async ({ lineId, decision, by }) => {
      await decidePossibleDuplicate(writer, lineId, decision, await actor(by));
      await decided();
      return bankLineSummary(writer, lineId);
    },
    'bank.mappings.list': () => listMappings(reader),
    'bank.mappings.save': async ({ mapping }) => {
      return saveMapping(writer, mapping, await actor());
    },
    'bank.mappings.remove': async ({ name }) => {
      return deleteMapping(writer, name);
    },
    'bank.mappings.preview': async ({ mapping, limit, ...file }) => previewMapping(file, mapping, limit),
  };
}
