/**
 * The contract's method and event names, and nothing else: the sandboxed preload can load no npm
 * package (only 'electron'), so it imports this file rather than contract.ts with its zod schemas.
 * contract.ts checks at compile time that its method table has exactly these names.
 */
export const METHOD_NAMES = [
  'app.info',
  'app.status',
  'settings.get',
  'settings.set',
  'settings.changes',
  'connection.set',
  'connection.clear',
  'connection.test',
  'sync.start',
  'sync.cancel',
  'sync.status',
  'sync.runs',
  'overview.get',
  'payees.list',
  'glAccounts.list',
  'glAccounts.add',
  'glAccounts.remove',
  'transactions.list',
  'transactions.count',
  'transactions.get',
  'transactions.fetchDetails',
  'transactions.seek',
  'batches.list',
  'batches.get',
  'batches.prepare',
  'batches.signOff',
  'batches.signOffMany',
  'batches.unsign',
  'glBatches.list',
  'glBatches.defaultRange',
  'changes.list',
  'changes.groups',
  'changes.acknowledge',
  'reconcile.summary',
  'reconcile.reversals',
  'reconcile.outsideRule',
  'export.overlaps',
  'export.untied',
  'export.glBatches',
  'export.list',
  'export.withoutAccount',
  'accountMaps.get',
  'accountMaps.setDefault',
  'accountMaps.setCodes',
  'month.packet',
  'month.districtWorkbook',
  'bank.import',
  'bank.lines',
  'bank.line',
  'bank.confirm',
  'bank.unmatch',
  'bank.explain',
  'bank.unexplain',
  'bank.inTransit',
  'bank.forBatch',
  'bank.accounts',
  'bank.statements',
  'bank.statements.remove',
  'bank.duplicates.decide',
  'bank.mappings.list',
  'bank.mappings.save',
  'bank.mappings.remove',
  'bank.mappings.preview',
  'payments.refund',
  'payments.void',
  'payments.collect',
  'intents.list',
  'intents.approve',
  'intents.resolve',
  'month.status',
  'month.district',
  'month.submit',
  'month.close',
  'month.reopen',
  'slips.list',
  'slips.create',
  'slips.verify',
  'slips.pdf',
] as const;

export type MethodName = (typeof METHOD_NAMES)[number];

export const EVENT_NAMES = ['sync.progress', 'sync.finished', 'data.changed', 'export.progress'] as const;

export type EventName = (typeof EVENT_NAMES)[number];

const METHODS: ReadonlySet<string> = new Set(METHOD_NAMES);
const EVENTS: ReadonlySet<string> = new Set(EVENT_NAMES);

export function isMethodName(value: unknown): value is MethodName {
  return typeof value === 'string' && METHODS.has(value);
}

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && EVENTS.has(value);
}
