/**
 * A clean quit: `before-quit` is held until the engine has closed (a running sync lets its current
 * page commit, then the database closes), then the app exits. A close that hangs is cut off after a
 * timeout; WAL mode means the database is still consistent, only the unfinished page is repeated.
 */
export interface QuittableApp {
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  exit(code?: number): void;
}

export function installCleanShutdown(
  app: QuittableApp,
  close: () => Promise<void>,
  options: { timeoutMs?: number; onError?: (error: unknown) => void } = {},
): void {
  let closing = false;
  app.on('before-quit', (event) => {
    event.preventDefault();
    if (closing) return;
    closing = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, options.timeoutMs ?? 15_000);
    });
    Promise.race([close().catch((error: unknown) => options.onError?.(error)), timeout]).finally(() => {
      clearTimeout(timer);
      app.exit(0);
    });
  });
}
