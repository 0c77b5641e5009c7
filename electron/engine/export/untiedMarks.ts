/**
 * What an export keeps of its untied deposits, read as a stream: each one's mark for the GL Batches
 * sheet's "Ties out" column (one string per distinct reason), the first few named for its result
 * and --strict's refusal, and how many there are. With every deposit of a year untied (1M GL rows),
 * the full list held 46 MB through the export and its read grew the heap for the rest of it.
 */
import type { UntiedDeposit } from '../../../shared/contract';
import { untiedReasonWords } from '../../../shared/untied';

export interface UntiedOfExport {
  /** Batch id -> why it does not tie out. */
  marks: Map<string, string>;
  /** The first `listed`, in the order they were read (date, then deposit). */
  listed: UntiedDeposit[];
  count: number;
}

export async function untiedOfExport(deposits: AsyncIterable<UntiedDeposit>, listed: number): Promise<UntiedOfExport> {
  const words = new Map<string, string>();
  const result: UntiedOfExport = { marks: new Map(), listed: [], count: 0 };
  for await (const deposit of deposits) {
    const said = untiedReasonWords(deposit);
    let shared = words.get(said);
    if (shared === undefined) {
      shared = said;
      words.set(said, said);
    }
    result.marks.set(deposit.batchId, shared);
    if (result.listed.length < listed) result.listed.push(deposit);
    result.count += 1;
  }
  return result;
}
