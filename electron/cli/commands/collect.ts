/**
 * `district-recon collect --method cash|check --payee ID --amount 25.00 --payer "First Last"
 * [--check-number N] [--gl-account NUMBER] [--item NAME=AMOUNT ...] [--note TEXT] [--yes] [--json]
 * [--url URL] [--db FILE | --database URL]`: cash or a check an office took in, recorded at the
 * service through the virtual terminal, once (DESIGN.md §12).
 */
import { UsageError, intFlag } from '../args';
import { confirmed, itemPairs, parseActFlags, report, withActEngine } from '../actCommand';
import { stderr } from '../output';

const METHODS = { cash: 'Cash', check: 'PhysicalCheck' } as const;

export async function run(argv: string[]): Promise<number> {
  const { values } = parseActFlags(
    argv,
    ['method', 'payee', 'amount', 'payer', 'check-number', 'gl-account', 'note'],
    0,
  );
  const method = METHODS[(values.method ?? '').toLowerCase() as keyof typeof METHODS];
  if (!method) throw new UsageError(`--method must be cash or check, got ${JSON.stringify(values.method ?? '')}`);
  const payeeId = intFlag(values.payee, 'payee', 1, Number.MAX_SAFE_INTEGER);
  if (payeeId === undefined) throw new UsageError('--payee ID is required: the school (payee) that took the money');
  if (values.amount === undefined) throw new UsageError('--amount is required, like --amount 25.00');
  if (values.payer === undefined) throw new UsageError('--payer "First Last" is required: who paid');
  if (values['check-number'] !== undefined && method !== 'PhysicalCheck')
    throw new UsageError('--check-number is for --method check');
  const args = {
    method,
    payeeId,
    amount: values.amount,
    payer: { name: values.payer },
    ...(values['check-number'] !== undefined ? { checkNumber: values['check-number'] } : {}),
    ...(values['gl-account'] !== undefined ? { glAccountNumber: values['gl-account'] } : {}),
    ...(values.item ? { items: itemPairs(values.item, 'NAME').map(({ key, amount }) => ({ name: key, amount })) } : {}),
    ...(values.note !== undefined ? { note: values.note } : {}),
  };
  return withActEngine(values, async (engine) => {
    const { preview } = await engine.call('payments.collect', { ...args, preview: true });
    if (!(await confirmed(preview, values.yes))) {
      stderr.write('Nothing was sent.\n');
      return 1;
    }
    return report(await engine.call('payments.collect', args), values.json);
  });
}
