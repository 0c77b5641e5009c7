/**
 * `district-recon void TRANSACTION_ID --reason TEXT [--yes] [--json] [--url URL] [--db FILE | --database URL]`:
 * a Pending sale voided, read fresh, confirmed, sent once (DESIGN.md §12).
 */
import { UsageError } from '../args';
import { confirmed, parseActFlags, reasonOf, report, transactionIdOf, withActEngine } from '../actCommand';
import { stderr } from '../output';

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseActFlags(argv, ['reason'], 1);
  if (values.item) throw new UsageError('void takes no --item: a void cancels the whole sale');
  const args = { transactionId: transactionIdOf(positionals[0]), ...reasonOf(values.reason) };
  return withActEngine(values, async (engine) => {
    const { preview } = await engine.call('payments.void', { ...args, preview: true });
    if (!(await confirmed(preview, values.yes))) {
      stderr.write('Nothing was sent.\n');
      return 1;
    }
    return report(await engine.call('payments.void', args), values.json);
  });
}
