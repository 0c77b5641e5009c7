/**
 * Sandbox mode's bank side (issue 15): the first time a host runs on the sandbox with no statement
 * imported, it imports the sandbox's own statement, so the Bank view and the Overview show matching
 * on demo data with nothing to set up. Chosen over a "load the demo statement" button because the
 * sandbox's deposits, refunds and returns arrive the same way, by themselves, and the sandbox badge
 * already says the data is made up; a district on its real service never runs this (sandbox mode off).
 * The import goes through bank.import like any other, recorded as imported by "Sandbox".
 */
import type { MethodName, MethodResult } from '../../shared/contract';
import type { BankImportSummary } from '../../shared/domain';
import type { SandboxStatement } from './bankFormats';

interface Caller {
  call<M extends MethodName>(method: M, args?: unknown): Promise<MethodResult<M>>;
}

export async function importSandboxStatementOnce(
  engine: Caller,
  statement: () => Promise<SandboxStatement>,
): Promise<BankImportSummary | null> {
  const settings = await engine.call('settings.get', {});
  if (!settings.sandboxMode) return null;
  if ((await engine.call('bank.statements', { limit: 1 })).length > 0) return null;
  const { fileName, content } = await statement();
  return engine.call('bank.import', { fileName, content, by: 'Sandbox' });
}
