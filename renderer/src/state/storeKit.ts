/** UI stores register how to go back to their first state; tests call resetAllStores between cases. */
const resetters = new Set<() => void>();

export function registerReset(reset: () => void): void {
  resetters.add(reset);
}

export function resetAllStores(): void {
  for (const reset of resetters) reset();
}
