/** The parts of the data a change is told in (`data.changed`): each view refetches the scopes it reads. */
export const DATA_SCOPES = [
  'transactions',
  'batches',
  'glBatches',
  'changes',
  'settings',
  'glAccounts',
  'exports',
  'bank',
  'intents',
  'month',
  'slips',
] as const;
export type DataScope = (typeof DATA_SCOPES)[number];
