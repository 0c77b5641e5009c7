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

/** Starts `role` of the script at `scriptUrl` in a child process; resolves with the first line it prints (JSON). */
export async function startRole<T>(
  scriptUrl: string,
  role: string,
  env: Record<string, string>,
): Promise<{ info: T; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(scriptUrl)], {
    env: { ...process.env, ...env, BENCH_ROLE: role },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${role} exited ${code}`)));
  });
  return { info: JSON.parse(line) as T, child };
}

/** Starts the sandbox with `options` as the 'sandbox' role of the script at `scriptUrl`. */
export function startSandboxRole(
  scriptUrl: string,
  options: object,
): Promise<{ info: SandboxConnection; child: ChildProcess }> {
  return startRole<SandboxConnection>(scriptUrl, 'sandbox', { BENCH_SANDBOX: JSON.stringify(options) });
}

/** The 'sandbox' role: serves until the parent closes our stdin, having printed how to reach it. */
export async function serveSandboxRole(): Promise<void> {
  const { startSandbox } = await import('../../electron/sandbox/index');
  const options = JSON.parse(process.env.BENCH_SANDBOX!) as Parameters<typeof startSandbox>[0];
  const server = await startSandbox(options);
  const connection: SandboxConnection = { url: server.url, token: server.token, secret: server.secret };
  process.stdout.write(JSON.stringify(connection) + '\n');
  process.stdin.resume();
  process.stdin.on('end', () => process.exit(0));
}
