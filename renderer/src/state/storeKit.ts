/** What every view store shares: load states and a reset hook for tests. */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

const resetters = new Set<() => void>();

/** Registers how to put a store back to its first state (tests call resetAllStores between cases). */
export function registerReset(reset: () => void): void {
  resetters.add(reset);
}

export function resetAllStores(): void {
  for (const reset of resetters) reset();
}

/**
 * Drops answers that arrive after a newer request was made (a filter changed while a page was in
 * flight), so an old answer can never overwrite a newer one.
 */
export function latestOnly(): { next(): number; current(): number; isCurrent(ticket: number): boolean } {
  let current = 0;
  return {
    next: () => ++current,
    current: () => current,
    isCurrent: (ticket) => ticket === current,
  };
}
