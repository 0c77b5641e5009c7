import { VIEWS, type ViewId } from '../../shared/views';

export { VIEWS, type ViewId };

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
