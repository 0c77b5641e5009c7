/**
 * What `refund`, `void` and `collect` share: their flags, an engine on the existing database that
 * acts on the service given with --url (or the saved one) with RECON_TOKEN / RECON_SECRET, the
 * confirmation (payer, school, what moves, what remains) and the outcome in words.
 * Exit 0: done (or waiting for a second approver); 1: refused, failed or in doubt; 2: usage.
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { REFUND_REASONS, type ActPreview, type ActResult, type RefundReason } from '../../shared/contract';
import { formatMoney } from '../../shared/money';
import { memoryCredentialStore } from '../engine/credentials';
import { createConsoleLogger } from '../engine/logger';
import type { Engine } from '../engine/engine';
import { UsageError } from './args';
import { databaseOf, engineOn } from './existingStore';
import { stderr, stdout } from './output';

/** parseArgs with the act commands' flags: `item` may be given many times. */
export function parseActFlags<const S extends string>(argv: string[], strings: readonly S[], maxPositionals: number) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        ...Object.fromEntries(strings.map((name) => [name, { type: 'string' as const }])),
        item: { type: 'string', multiple: true },
        yes: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        db: { type: 'string' },
        database: { type: 'string' },
        url: { type: 'string' },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const extra = parsed.positionals[maxPositionals];
  if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`);
  return parsed as unknown as {
    values: { [K in S | 'db' | 'database' | 'url']?: string } & { item?: string[]; yes: boolean; json: boolean };
    positionals: string[];
  };
}

/** `--item KEY=AMOUNT`, each split at its last "=". */
export function itemPairs(items: readonly string[] | undefined, what: string): Array<{ key: string; amount: string }> {
  return (items ?? []).map((item) => {
    const at = item.lastIndexOf('=');
    if (at <= 0 || at === item.length - 1)
      throw new UsageError(
        `--item must be ${what}=AMOUNT like ${what === 'ID' ? 'A1=12.50' : 'Lunch=12.50'}, got ${JSON.stringify(item)}`,
      );
    return { key: item.slice(0, at).trim(), amount: item.slice(at + 1).trim() };
  });
}

/** --reason: one of the short list (any spelling: "duplicate payment", duplicate-payment), else "other" with the text. */
export function reasonOf(text: string | undefined): { reason: RefundReason; reasonText?: string } {
  if (text === undefined || text.trim() === '')
    throw new UsageError(
      '--reason is required: duplicate-payment, overpayment, event-cancelled, entered-in-error, or your own words',
    );
  const key = text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if ((REFUND_REASONS as readonly string[]).includes(key) && key !== 'other') return { reason: key as RefundReason };
  return { reason: 'other', reasonText: text.trim() };
}

export function transactionIdOf(positional: string | undefined): number {
  if (positional === undefined || !/^\d{1,15}$/.test(positional) || Number(positional) < 1)
    throw new UsageError(
      `give the transaction's id, a whole number, like 1000123; got ${JSON.stringify(positional ?? '')}`,
    );
  return Number(positional);
}

/** Runs `act` on an engine over the existing database, with the service of --url or the saved one. */
export async function withActEngine<T>(
  values: { db?: string; database?: string; url?: string },
  act: (engine: Engine) => Promise<T>,
): Promise<T> {
  const token = process.env.RECON_TOKEN;
  const secret = process.env.RECON_SECRET;
  const engine = await engineOn(databaseOf(values), {
    host: 'cli',
    createDatabase: false,
    credentials: memoryCredentialStore(token && secret ? { token, secret } : null),
    logger: createConsoleLogger(),
    ...(values.url ? { serviceUrl: values.url } : {}),
  });
  try {
    if (values.url) await engine.call('settings.set', { patch: { sandboxMode: false } });
    return await act(engine);
  } finally {
    await engine.close();
  }
}

const cents = (value: number | null) => (value === null ? '' : formatMoney(value));

/** The confirmation a person reads before anything is sent. */
export function describePreview(preview: ActPreview): string {
  const who = `${preview.payerName ?? 'payer not on record'}, ${preview.payeeName ?? `school ${preview.payeeId}`}`;
  const items = preview.items.map((item) => `\n  item ${item.id ?? item.name}: ${cents(item.amountCents)}`).join('');
  switch (preview.kind) {
    case 'refund':
      return (
        `Refund ${cents(preview.amountCents)} of transaction ${preview.transactionId} (${preview.method}, ${cents(preview.saleCents)}; ` +
        `refunded before ${cents(preview.refundedBeforeCents)}; left after this ${cents(preview.remainingAfterCents)})\n` +
        `  payer: ${who}${items}` +
        (preview.needsSecondApprover ? '\n  Above the district threshold: a second approver must approve it.' : '')
      );
    case 'void':
      return `Void transaction ${preview.transactionId} (${preview.method}, ${cents(preview.amountCents)}, Pending)\n  payer: ${who}`;
    default:
      return `Record ${preview.method} of ${cents(preview.amountCents)} at ${preview.payeeName ?? `school ${preview.payeeId}`}\n  payer: ${preview.payerName}${items}`;
  }
}

/** --yes, or a person answering y on a terminal; otherwise nothing is sent. */
export async function confirmed(preview: ActPreview, yes: boolean): Promise<boolean> {
  stderr.write(`${describePreview(preview)}\n`);
  if (yes) return true;
  if (!process.stdin.isTTY) throw new UsageError('nothing was sent: add --yes to confirm when not at a terminal');
  // The question is printed through the escaping printer; readline only reads the answer.
  stderr.write('Send it? [y/N] ');
  const prompt = createInterface({ input: process.stdin, terminal: false });
  try {
    return /^y(es)?$/i.test((await prompt.question('')).trim());
  } finally {
    prompt.close();
  }
}

/** The outcome on stdout (JSON with --json); the exit code it means. */
export function report(result: ActResult, json: boolean): number {
  const intent = result.intent!;
  if (json) stdout.write(`${JSON.stringify(result)}\n`);
  else {
    const words: Record<string, string> = {
      done: `Done: ${intent.kind} ${intent.id}${result.transaction ? `, transaction ${result.transaction.id} is ${result.transaction.status} (refunded ${formatMoney(result.transaction.amountRefundedCents)})` : ''}.`,
      awaiting_approval: `Waiting for a second approver: request ${intent.id}. Nothing was sent yet.`,
      failed: `Not done: ${intent.message ?? 'the service refused it'}`,
      unknown: `In doubt: ${intent.message ?? ''} Request ${intent.id} waits in "Needs you"; it will not be sent again by itself.`,
    };
    stdout.write(
      `${words[intent.state] ?? `${intent.state}: ${intent.id}`}${intent.message && intent.state === 'done' ? ` ${intent.message}` : ''}\n`,
    );
  }
  return intent.state === 'done' || intent.state === 'awaiting_approval' ? 0 : 1;
}
