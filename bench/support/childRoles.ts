/**
 * A bench script that plays more than one process (the sandbox service, a server) runs itself again
 * with BENCH_ROLE set, so the service's work is not timed on the bench's own event loop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface SandboxConnection {
  url: string;
  token: string;
  secret: string;
}

/** A role's process and the lines it prints after its first: each answer to a command on its stdin. */
export interface Role<T> {
  info: T;
  child: ChildProcess;
  /** The next line the role prints (rejects if it exits first). */
  nextLine(): Promise<string>;
}

/**
 * Starts `role` of the script at `scriptUrl` in a child process (`nodeArgs`: node's own flags, such as
 * --cpu-prof, which NODE_OPTIONS refuses); resolves with the first line it prints (JSON).
 */
export async function startRole<T>(
  scriptUrl: string,
  role: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<Role<T>> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', fileURLToPath(scriptUrl)], {
    env: { ...process.env, ...env, BENCH_ROLE: role },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const printed: string[] = [];
  const waiting: Array<{ resolve(line: string): void; reject(error: Error): void }> = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const waiter = waiting.shift();
    if (waiter) waiter.resolve(line);
    else printed.push(line);
  });
  let exited: Error | null = null;
  child.once('exit', (code) => {
    exited = new Error(`${role} exited ${code}`);
    for (const waiter of waiting.splice(0)) waiter.reject(exited);
  });
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      if (printed.length) resolve(printed.shift()!);
      else if (exited) reject(exited);
      else waiting.push({ resolve, reject });
    });
  return { info: JSON.parse(await nextLine()) as T, child, nextLine };
}

/** Starts the sandbox with `options` as the 'sandbox' role of the script at `scriptUrl`. */
export function startSandboxRole(scriptUrl: string, options: object): Promise<Role<SandboxConnection>> {
  return startRole<SandboxConnection>(scriptUrl, 'sandbox', { BENCH_SANDBOX: JSON.stringify(options) });
}

/**
 * The 'sandbox' role: serves until the parent closes our stdin, having printed how to reach it.
 * "refund" on its stdin refunds the newest settled, batched transaction not refunded yet (a change
 * the next sync's re-read finds: one transaction updated, its deposit's tie-out checked again) and
 * answers its id.
 */
export async function serveSandboxRole(): Promise<void> {
  const { startSandbox } = await import('../../electron/sandbox/index');
  const options = JSON.parse(process.env.BENCH_SANDBOX!) as Parameters<typeof startSandbox>[0];
  const server = await startSandbox(options);
  const connection: SandboxConnection = { url: server.url, token: server.token, secret: server.secret };
  process.stdout.write(JSON.stringify(connection) + '\n');
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    if (line !== 'refund') return;
    const txn = server.state.transactions.findLast(
      (t) => t.status === 'Settled' && t.batchId !== null && t.refunded === 0 && t.amount > 0,
    );
    if (!txn) throw new Error('the sandbox has no settled, batched transaction left to refund');
    server.injectDiscrepancy({ kind: 'refund_after_batching', transactionId: txn.id });
    process.stdout.write(JSON.stringify({ refunded: txn.id }) + '\n');
  });
  lines.on('close', () => process.exit(0));
}
