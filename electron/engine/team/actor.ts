/**
 * Who is acting in this call, when a host knows it (the district server's signed-in user). Carried
 * by AsyncLocalStorage so no handler signature changes and no contract method grows a parameter
 * the client could fill in; handlers read it through handlers/domain.ts actingUser().
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const acting = new AsyncLocalStorage<string>();

export function runAs<T>(name: string, work: () => Promise<T>): Promise<T> {
  return acting.run(name, work);
}

export function boundActor(): string | undefined {
  return acting.getStore();
}
