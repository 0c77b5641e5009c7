/**
 * `district-recon refund TRANSACTION_ID [--amount 12.50] [--item ID=AMOUNT ...] --reason TEXT [--yes]
 * [--json] [--url URL] [--db FILE | --database URL]`: read fresh, checked, confirmed, sent once
 * (DESIGN.md §12).
 */
import { confirmed, itemPairs, parseActFlags, reasonOf, report, transactionIdOf, withActEngine } from '../actCommand';
import { stderr } from '../output';

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseActFlags(argv, ['amount', 'reason'], 1);
  const args = {
    transactionId: transactionIdOf(positionals[0]),
    ...(values.amount !== undefined ? { amount: values.amount } : {}),
    ...(values.item ? { items: itemPairs(values.item, 'ID').map(({ key, amount }) => ({ id: key, amount })) } : {}),
    ...reasonOf(values.reason),
  };
  return withActEngine(values, async (engine) => {
    const { preview } = await engine.call('payments.refund', { ...args, preview: true });
    if (!(await confirmed(preview, values.yes))) {
      stderr.write('Nothing was sent.\n');
      return 1;
    }
    return report(await engine.call('payments.refund', args), values.json);
  });
}
