/**
 * Closes what a test opened when the test ends, passed or failed, so a failing assertion does not
 * leave a sandbox listening or an engine holding its database:
 * `const closing = closeAfterEach();` then, in a test, `const h = closing(await startHarness());`.
 */
import { afterEach } from 'vitest';

export interface Closable {
  close(): unknown;
}

export function closeAfterEach(): <T extends Closable>(resource: T) => T {
  const open: Closable[] = [];
  afterEach(async () => {
    // Last opened, first closed: an engine goes before the sandbox it was syncing from.
    for (const resource of open.splice(0).reverse()) await resource.close();
  });
  return (resource) => {
    open.push(resource);
    return resource;
  };
}
