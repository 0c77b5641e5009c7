/**
 * The app's views (DESIGN.md §8), in the order of the bookkeeper's day. The renderer routes on
 * `#/<id>`; the desktop menu opens them by the same ids and keys.
 */
export const VIEWS = [
  { id: 'overview', title: 'Overview', key: '1' },
  { id: 'batches', title: 'Batches', key: '2' },
  { id: 'gl-batches', title: 'GL Batches', key: '3' },
  { id: 'transactions', title: 'Transactions', key: '4' },
  { id: 'changes', title: 'Changes', key: '5' },
  { id: 'chart-of-accounts', title: 'Chart of Accounts', key: '6' },
  { id: 'settings', title: 'Settings', key: '7' },
  { id: 'bank', title: 'Bank', key: '8' },
  { id: 'month', title: 'Month', key: '9' },
  { id: 'payments', title: 'Payments', key: '0' },
] as const;

export type ViewId = (typeof VIEWS)[number]['id'];
