/**
 * `district-recon serve`: the district server (issue 16, DESIGN.md §11). Opens (and so migrates)
 * the database, runs the nightly schedule, and serves the app and the contract to signed-in users,
 * pushing events to every one of them. Plain HTTP only on loopback; elsewhere TLS, or a proxy the
 * server is told to trust (--trusted-proxy): without one, --behind-proxy listens on loopback only.
 * The payment service's token and secret come from RECON_TOKEN / RECON_SECRET (an EnvironmentFile
 * in the systemd unit), never from argv.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { memoryCredentialStore } from '../../engine/credentials';
import { isLoopback, startWebHost } from '../../web/server';
import { parseTrustedProxies } from '../../web/team/proxy';
import { readTlsFiles, TlsFileError } from '../../web/tlsFiles';
import { intFlag, parseFlags, UsageError } from '../args';
import { databaseOf, engineOn } from '../existingStore';
import { WEB_BUILD_DIR } from './web';
import { stderr, stdout } from '../output';
import { downloadFileOf } from '../../../shared/exportDownloads';

export async function run(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, {
    strings: ['db', 'database', 'port', 'host', 'tls-cert', 'tls-key', 'trusted-proxy'],
    booleans: ['behind-proxy'],
    maxPositionals: 0,
  });
  const port = intFlag(values.port, 'port', 0, 65535) ?? (values['tls-cert'] ? 8443 : 8080);
  const bind = values.host ?? '127.0.0.1';
  const [certFile, keyFile] = [values['tls-cert'], values['tls-key']];
  if ((certFile === undefined) !== (keyFile === undefined))
    throw new UsageError('--tls-cert and --tls-key go together');
  if (certFile && values['behind-proxy']) throw new UsageError('give --tls-cert/--tls-key or --behind-proxy, not both');
  if (!isLoopback(bind) && !certFile && !values['behind-proxy']) {
    throw new UsageError(
      `plain HTTP is for loopback only; to listen on ${bind} give --tls-cert F --tls-key F, or --behind-proxy`,
    );
  }
  if (values['trusted-proxy'] !== undefined && !values['behind-proxy'])
    throw new UsageError('--trusted-proxy goes with --behind-proxy');
  let trustedProxies: string[] | undefined;
  try {
    trustedProxies = values['trusted-proxy'] === undefined ? undefined : parseTrustedProxies(values['trusted-proxy']);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (!isLoopback(bind) && values['behind-proxy'] && !trustedProxies) {
    throw new UsageError(
      `behind a proxy the server listens on loopback only; to listen on ${bind} name the proxy with --trusted-proxy ADDR[,ADDR]`,
    );
  }
  let tls: { cert: Buffer; key: Buffer } | undefined;
  try {
    tls = certFile && keyFile ? readTlsFiles(certFile, keyFile) : undefined;
  } catch (error) {
    if (error instanceof TlsFileError) throw new UsageError(error.message);
    throw error;
  }

  const database = databaseOf(values);
  const token = process.env.RECON_TOKEN;
  const secret = process.env.RECON_SECRET;
  const engine = await engineOn(database, {
    host: 'web',
    sharedServer: true,
    credentials: memoryCredentialStore(token && secret ? { token, secret } : null),
  });
  const secure = Boolean(tls) || values['behind-proxy'];
  const host = await startWebHost({
    engine,
    staticDir: WEB_BUILD_DIR,
    port,
    bind,
    tls,
    team: { engine, secure, behindProxy: values['behind-proxy'], trustedProxies },
    resolveDownload: async (id) => {
      return downloadFileOf(await engine.call('export.list', {}).catch(() => []), id);
    },
  }).catch(async (error: unknown) => {
    await engine.close();
    throw error;
  });
  if (!existsSync(resolve(WEB_BUILD_DIR, 'index.html'))) {
    stderr.write('The app is not built, so only the contract is served. Run: npm run build:web\n');
  }
  if ((await engine.team.users.list()).every((user) => user.disabled)) {
    stderr.write('No one can sign in yet. Add someone: district-recon users add NAME --role admin\n');
  }
  stdout.write(`District Recon district server: ${host.url} (database ${engine.store.path})\n`);
  await engine.schedule.start();

  await new Promise<void>((resolveStop) => {
    process.once('SIGINT', resolveStop);
    process.once('SIGTERM', resolveStop);
  });
  await host.close();
  await engine.close();
  return 0;
}
