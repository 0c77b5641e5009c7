/**
 * The desktop app on a district server (issue 16 item 5), with `electron` mocked: the booted main
 * process signs in to a real team-mode server in this process (the web host and its engine, as
 * `district-recon serve` runs them) and forwards the page's contract calls there, relaying the
 * server's events. Refusals (plain http to another machine, a wrong password, a server that is down
 * or is not District Recon) are one line each and leave the app on its own data.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('./helpers/fakeElectron')).fakeElectronModule());

import { appExit, emitApp, fake, FakeBrowserWindow, resetFakeElectron } from './helpers/fakeElectron';
import type { IpcReply } from '../../electron/main/ipc';
import type { ServerStatus } from '../../shared/desktopHost';
import type { ExportResult } from '../../shared/contract';
import type { BatchDetail } from '../../shared/domain';
import { PASSWORD, startTeamHost, type TeamHost } from '../helpers/teamHost';

type Call = (event: unknown, method: unknown, args?: unknown) => Promise<IpcReply>;
const APP = 'app://district-recon/index.html';
const top = { senderFrame: { url: APP, parent: null } };

let team: TeamHost;
let notRecon: Server;
let downUrl: string;
let call: Call;
let desktop: Call;

const contract = (method: string, args: unknown = {}) => call(top, method, args);
const host = (method: string, args: unknown = {}) => desktop(top, method, args);
const statusEvents = () =>
  FakeBrowserWindow.created[0]!.webContents.sent.filter(
    (message) => message.channel === 'recon:desktop-event' && message.args[0] === 'server',
  ).map((message) => message.args[1] as ServerStatus);

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

beforeAll(async () => {
  team = await startTeamHost({
    users: [
      ['Ana', 'approver'],
      ['Vic', 'viewer'],
    ],
  });
  notRecon = createServer((_req, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>'));
  await listen(notRecon);
  const closed = createServer();
  downUrl = await listen(closed);
  await new Promise((resolve) => closed.close(resolve));

  resetFakeElectron();
  fake.userData = mkdtempSync(join(tmpdir(), 'recon-desktop-server-'));
  await import('../../electron/main/index');
  fake.ready();
  await vi.waitFor(() => expect(FakeBrowserWindow.created[0]?.webContents.loaded).toHaveLength(1), {
    timeout: 30_000,
  });
  call = fake.ipcHandlers.get('recon:call') as unknown as Call;
  desktop = fake.ipcHandlers.get('recon:desktop') as unknown as Call;
}, 60_000);

afterAll(async () => {
  await team.close();
  await new Promise((resolve) => notRecon.close(resolve));
});

describe('the desktop app and a district server', () => {
  it("starts on this computer's own data", async () => {
    expect(await host('server.status')).toEqual({ ok: true, result: { mode: 'local', lastServer: null } });
    expect(await contract('app.info')).toMatchObject({ ok: true, result: { host: 'electron' } });
  });

  it.each([
    [
      'plain http to another machine',
      () => ({ url: 'http://recon.example.org', name: 'Ana', password: PASSWORD }),
      'BAD_ARGUMENTS',
      /^Plain http:\/\/ would send your password unencrypted: use https:\/\/recon\.example\.org\./,
    ],
    [
      'a wrong password',
      () => ({ url: team.host.url, name: 'Ana', password: 'not the password' }),
      'FORBIDDEN',
      /^That name and password do not match an active user\.$/,
    ],
    [
      'a server that is down',
      () => ({ url: downUrl, name: 'Ana', password: PASSWORD }),
      'NETWORK',
      /is not answering \(connection refused\)\. Check the address, or ask whoever runs the district server/,
    ],
    [
      'a server that is not District Recon',
      () => ({
        url: `http://127.0.0.1:${(notRecon.address() as { port: number }).port}`,
        name: 'Ana',
        password: PASSWORD,
      }),
      'NETWORK',
      /did not answer as a District Recon server \(HTTP 404\)\. Check the address\.$/,
    ],
    ['no password', () => ({ url: team.host.url, name: 'Ana', password: '' }), 'BAD_ARGUMENTS', /^Enter your password/],
    ['args that are not text', () => ({ url: 42 }), 'BAD_ARGUMENTS', /takes \{url, name, password\}/],
  ])('refuses %s in one line, and nothing switches', async (_case, args, code, words) => {
    const reply = await host('server.signIn', args());
    expect(reply).toMatchObject({ ok: false, error: { code, message: expect.stringMatching(words) } });
    if (!reply.ok) expect(reply.error.message).not.toContain('\n');
    expect(await host('server.status')).toEqual({ ok: true, result: { mode: 'local', lastServer: null } });
    expect(await contract('app.info')).toMatchObject({ ok: true, result: { host: 'electron' } });
    expect(statusEvents()).toEqual([]);
  });

  it('signs in, says so to the page, and from then on every contract call is answered by the server', async () => {
    const signedIn = await host('server.signIn', { url: `${team.host.url}/login`, name: 'ana', password: PASSWORD });
    const expected = { mode: 'server', url: team.host.url, name: 'Ana', role: 'approver', signedIn: true };
    expect(signedIn).toEqual({ ok: true, result: expected });
    expect(statusEvents()).toEqual([expected]);
    expect(await contract('app.info')).toMatchObject({ ok: true, result: { host: 'web' } });
    const deposit = await contract('batches.get', { id: '730001' });
    expect(deposit).toMatchObject({ ok: true, result: { batch: { id: '730001' } } });
    // The contract is still checked: an unknown method never leaves this computer.
    expect(await contract('shell.openExternal', { url: 'https://evil.example' })).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_METHOD' },
    });
  });

  it('a write is recorded on the server under the signed-in user, with an idempotency key', async () => {
    const reply = await contract('batches.signOff', { id: '730001', note: 'from the desktop' });
    expect(reply.ok).toBe(true);
    const detail = (reply as { result: BatchDetail }).result;
    expect(detail.history.at(-1)).toMatchObject({ action: 'sign_off', by: 'Ana' });
    const onServer = (await team.engine.call('batches.get', { id: '730001' })) as BatchDetail;
    expect(onServer.history.at(-1)).toMatchObject({ action: 'sign_off', by: 'Ana' });
    const keys = await team.engine.internals.store.reader.db
      .selectFrom('idempotency_keys')
      .select(['method', 'status'])
      .execute();
    expect(keys).toContainEqual({ method: 'batches.signOff', status: 200 });
  });

  it("exports on the server into the file chosen here, relaying the server's progress events", async () => {
    const chosen = join(fake.userData, 'March.xlsx');
    fake.saveDialogResult = { canceled: false, filePath: chosen };
    const sentBefore = FakeBrowserWindow.created[0]!.webContents.sent.length;
    const reply = await contract('export.glBatches', { from: '2026-03-01', to: '2026-03-31' });
    expect(reply).toMatchObject({ ok: true, result: { downloadPath: null, record: { file: chosen } } });
    const result = (reply as { result: ExportResult }).result;
    expect(result.record.rowCount).toBeGreaterThan(0);
    expect(readFileSync(chosen).subarray(0, 2).toString()).toBe('PK');
    expect(readdirSync(fake.userData).filter((name) => name.includes('.part-'))).toEqual([]);
    // The server's own events reached the page: its progress names the file it wrote there.
    await vi.waitFor(() => {
      const progress = FakeBrowserWindow.created[0]!.webContents.sent.slice(sentBefore).filter(
        (message) => message.channel === 'recon:event' && message.args[0] === 'export.progress',
      );
      expect(progress.length).toBeGreaterThan(0);
      expect((progress.at(-1)!.args[1] as { file: string }).file).not.toBe(chosen);
    });
  });

  it('signing in as someone else replaces the session (the old one is ended on the server); roles come from the server', async () => {
    const anaSessions = async () =>
      team.engine.internals.store.reader.db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select('sessions.id_hash')
        .where('users.name', '=', 'Ana')
        .execute();
    expect(await anaSessions()).toHaveLength(1);
    const reply = await host('server.signIn', { url: team.host.url, name: 'Vic', password: PASSWORD });
    expect(reply).toMatchObject({ ok: true, result: { mode: 'server', name: 'Vic', role: 'viewer' } });
    await vi.waitFor(async () => expect(await anaSessions()).toHaveLength(0));
    const refused = await contract('batches.signOff', { id: '730002', note: 'ok' });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'FORBIDDEN',
        message: expect.stringContaining('needs an approver or above; Vic is signed in as a viewer'),
      },
    });
  });

  it('keeps no password, session or CSRF token on disk; only the address and the name', async () => {
    const tokens = await team.engine.internals.store.reader.db.selectFrom('sessions').select('csrf_token').execute();
    expect(tokens.length).toBeGreaterThan(0);
    const files = readdirSync(fake.userData, { recursive: true, encoding: 'utf8' })
      .map((name) => join(fake.userData, name))
      .filter((path) => statSync(path).isFile());
    for (const file of files) {
      const text = readFileSync(file).toString('latin1');
      expect(text, file).not.toContain(PASSWORD);
      expect(text, file).not.toContain('recon_session');
      for (const { csrf_token } of tokens) expect(text, file).not.toContain(csrf_token);
    }
    expect(JSON.parse(readFileSync(join(fake.userData, 'district-server.json'), 'utf8'))).toEqual({
      url: team.host.url,
      name: 'Vic',
    });
  });

  it('when the server ends the session the app says so and stays on the server, never silently on local data', async () => {
    await team.engine.team.users.disable('Vic');
    const reply = await contract('overview.get');
    expect(reply).toMatchObject({
      ok: false,
      error: {
        code: 'FORBIDDEN',
        message: `Your session on ${new URL(team.host.url).host} has ended. Sign in again in Settings, or go back to this computer’s data there.`,
      },
    });
    expect(statusEvents().at(-1)).toMatchObject({ mode: 'server', name: 'Vic', signedIn: false });
    expect(await host('server.status')).toMatchObject({ ok: true, result: { mode: 'server', signedIn: false } });
    expect(await contract('app.info')).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });

  it("signs out back to this computer's data, offering the last server again", async () => {
    const reply = await host('server.signOut');
    const local = { mode: 'local', lastServer: { url: team.host.url, name: 'Vic' } };
    expect(reply).toEqual({ ok: true, result: local });
    expect(statusEvents().at(-1)).toEqual(local);
    expect(await contract('app.info')).toMatchObject({ ok: true, result: { host: 'electron' } });
  });

  it('quits cleanly', async () => {
    emitApp('before-quit', { preventDefault() {} });
    await vi.waitFor(() => expect(appExit).toHaveBeenCalledWith(0), { timeout: 30_000 });
  });
});
