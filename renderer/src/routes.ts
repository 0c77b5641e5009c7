/** The views of DESIGN.md §8, in the order of the bookkeeper's day. */
export const VIEWS = [
  { id: 'overview', title: 'Overview', key: '1' },
  { id: 'batches', title: 'Batches', key: '2' },
  { id: 'gl-batches', title: 'GL Batches', key: '3' },
  { id: 'transactions', title: 'Transactions', key: '4' },
  { id: 'changes', title: 'Changes', key: '5' },
  { id: 'chart-of-accounts', title: 'Chart of Accounts', key: '6' },
  { id: 'settings', title: 'Settings', key: '7' },
] as const;

export type ViewId = (typeof VIEWS)[number]['id'];

export function viewFromHash(hash: string): ViewId {
  const id = hash.replace(/^#\/?/, '').split(/[/?]/)[0];
  return VIEWS.find((view) => view.id === id)?.id ?? 'overview';
}

export interface Route {
  view: ViewId;
  /** The opened item of a list view: `#/batches/<batch id>`, `#/transactions/<id>`. */
  itemId: string | null;
}

export function routeFromHash(hash: string): Route {
  const view = viewFromHash(hash);
  const parts = hash.replace(/^#\/?/, '').split('?')[0]?.split('/') ?? [];
  const raw = parts[0] === view ? parts[1] : undefined;
  let itemId: string | null = null;
  if (raw) {
    try {
      itemId = decodeURIComponent(raw);
    } catch {
      itemId = null;
    }
  }
  return { view, itemId };
}

export function hrefFor(view: ViewId, itemId?: string | number | null): string {
  return itemId === undefined || itemId === null ? `#/${view}` : `#/${view}/${encodeURIComponent(String(itemId))}`;
}

export function navigate(view: ViewId, itemId?: string | number | null): void {
  window.location.hash = hrefFor(view, itemId);
}
