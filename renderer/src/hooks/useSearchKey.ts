import { useShortcuts } from './useShortcuts';

/** `/` focuses the current view's search or first filter (the element marked `data-search`). */
export function useSearchKey(): void {
  useShortcuts({
    '/': () => document.querySelector<HTMLElement>('[data-search]')?.focus(),
  });
}
