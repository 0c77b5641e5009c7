/**
 * Deposit slips (DESIGN.md §12; issue 28 item 3): the day's cash and check collections of a school,
 * grouped; the cash counted by denomination and the checks' sum as counted, against what was recorded;
 * over/short needs a comment; a second person verifies (team mode: never the counter; single-user:
 * the one name is recorded and the slip says so). The slip's total is the collections' sum, what the
 * bank should credit.
 */
import {
  ContractError,
  DENOMINATIONS,
  type Denomination,
  type DepositSlip,
  type MethodArgs,
} from '../../../shared/contract';
import { formatMoney, parseCents } from '../../../shared/money';
import type { Clock } from '../../../shared/time';
import type { Store } from '../store/dialect';
import { listPayees } from '../store/transactions';
import { createSlip, listSlips, openCollections, toDepositSlip, verifySlip, type SlipFilter } from '../store/slips';
import { boundActor } from '../team/actor';
import { nowIso } from './carryOut';

/** A check's number as a collection records it in `data` ("DR-… check 1042 …": collections.ts). */
export function checkNumberOf(data: string | null): string | null {
  return /\bcheck (\S+)/i.exec(data ?? '')?.[1] ?? null;
}

/** The payer a collection was sent with (the sync's copy has none until its details are read). */
function payerOf(request: string | null): string | null {
  if (!request) return null;
  const name = (JSON.parse(request) as { payer?: { name?: unknown } }).payer?.name;
  return typeof name === 'string' ? name : null;
}

/** What the slips use: the store (the payees' names, the open collections, the slips) and the time a count or check was made. */
export interface SlipDeps {
  store: Pick<Store, 'reader' | 'writer'>;
  clock: Clock;
}

export function countedCashCents(cash: Partial<Record<Denomination, number>> = {}): number {
  return DENOMINATIONS.reduce((sum, denomination) => sum + parseCents(denomination) * (cash[denomination] ?? 0), 0);
}

export async function slipsOf(deps: Pick<SlipDeps, 'store'>, filter: SlipFilter): Promise<DepositSlip[]> {
  const payees = await listPayees(deps.store.reader);
  return (await listSlips(deps.store.reader, filter)).map(({ slip, items }) =>
    toDepositSlip(slip, items, payees.find((payee) => payee.id === Number(slip.payee_id))?.name ?? null),
  );
}

async function slipOf(deps: Pick<SlipDeps, 'store'>, id: string): Promise<DepositSlip> {
  const [slip] = await slipsOf(deps, { id });
  if (!slip) throw new ContractError('NOT_FOUND', `There is no deposit slip ${id}.`);
  return slip;
}

export async function makeSlip(deps: SlipDeps, args: MethodArgs<'slips.create'>, actor: string): Promise<DepositSlip> {
  const payee = (await listPayees(deps.store.reader)).find((candidate) => candidate.id === args.payeeId);
  if (!payee)
    throw new ContractError(
      'BAD_ARGUMENTS',
      `School (payee) ${args.payeeId} is not one the service lists: sync, or check the number. No slip was made.`,
    );
  const collections = await openCollections(deps.store.reader, args.payeeId, args.date);
  if (collections.length === 0)
    throw new ContractError(
      'BAD_ARGUMENTS',
      `${payee.name} has no cash or check collections on ${args.date} that are not on a slip already (a collection recorded today arrives with the next sync). No slip was made.`,
    );
  const amount = (row: { amount_cents: number }) => Number(row.amount_cents);
  const recordedCash = collections.filter((c) => c.payment_method === 'Cash').reduce((s, c) => s + amount(c), 0);
  const recordedChecks = collections.filter((c) => c.payment_method !== 'Cash').reduce((s, c) => s + amount(c), 0);
  const cash = args.cash ?? {};
  const countedCash = countedCashCents(cash);
  const countedChecks =
    args.countedChecks === undefined ? recordedChecks : parseCents(args.countedChecks.trim(), 'countedChecks');
  const total = recordedCash + recordedChecks;
  const overShort = countedCash + countedChecks - total;
  const comment = args.comment?.trim() || null;
  if (overShort !== 0 && !comment)
    throw new ContractError(
      'BAD_ARGUMENTS',
      `Counted ${formatMoney(countedCash + countedChecks)} against ${formatMoney(total)} recorded: ${overShort > 0 ? 'over' : 'short'} by ${formatMoney(Math.abs(overShort))}. Say why in a comment (required when over or short). No slip was made.`,
    );
  const created = await createSlip(
    deps.store.writer,
    {
      payee_id: args.payeeId,
      business_date: args.date,
      total_cents: total,
      recorded_cash_cents: recordedCash,
      recorded_checks_cents: recordedChecks,
      counted_cash_cents: countedCash,
      counted_checks_cents: countedChecks,
      denominations: JSON.stringify(Object.fromEntries(DENOMINATIONS.filter((d) => cash[d]).map((d) => [d, cash[d]]))),
      over_short_cents: overShort,
      comment,
      counted_by: actor,
      counted_at: nowIso(deps),
    },
    collections.map((c) => ({
      transaction_id: Number(c.id),
      method: c.payment_method,
      amount_cents: amount(c),
      check_number: c.payment_method === 'Cash' ? null : checkNumberOf(c.data),
      payer_name: c.payer_name ?? payerOf(c.request),
    })),
  ).catch((error: unknown) => {
    if (isRace(error)) return { created: false as const, reason: 'collections_changed' as const };
    throw error;
  });
  if (!created.created)
    throw new ContractError(
      'CONFLICT',
      `The collections of ${payee.name} on ${args.date} changed while the slip was made (another slip took some, or a sync brought one). Count again; no slip was made.`,
    );
  return slipOf(deps, created.id);
}

/** Two slips of one day at once: the unique collection, or PostgreSQL's serialization check, stops the second. */
function isRace(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === '40001' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export async function verify(deps: SlipDeps, args: MethodArgs<'slips.verify'>, actor: string): Promise<DepositSlip> {
  const onePerson = boundActor() === undefined;
  const result = await verifySlip(deps.store.writer, args.id, actor, nowIso(deps), onePerson);
  if (result.verified) return slipOf(deps, args.id);
  if (result.reason === 'not_found') throw new ContractError('NOT_FOUND', `There is no deposit slip ${args.id}.`);
  if (result.reason === 'same_person')
    throw new ContractError(
      'FORBIDDEN',
      `${actor} counted slip ${args.id}; someone else must verify it. Nothing was changed.`,
    );
  throw new ContractError(
    'CONFLICT',
    `Slip ${args.id} is verified already, by ${result.slip?.verified_by}. Nothing was changed.`,
  );
}

export { slipOf };
