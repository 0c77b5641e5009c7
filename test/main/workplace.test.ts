/**
 * The workplace over real parts: this computer's engine (in memory) and a district server over TLS
 * (the web host in team mode with its own certificate). The certificate is checked; the events of
 * the place in use reach the page, and those of the other never do.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EventName } from '../../shared/contract';
import type { ServerStatus } from '../../shared/desktopHost';
import { fixedClock } from '../../shared/time';
import { signInToServer } from '../../electron/main/districtServer';
import { createWorkplace, type Workplace } from '../../electron/main/workplace';
import type { EngineWithInternals as Engine } from '../../electron/engine/engine';
import { startWebHost, type WebHost } from '../../electron/web/server';
import { createTestEngine } from '../helpers/engine';
import { NOW, PASSWORD } from '../helpers/teamHost';

let folder: string;
let cert: string;
let local: Engine;
let serverEngine: Engine;
let server: WebHost;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'recon-workplace-'));
  const [keyFile, certFile] = [join(folder, 'key.pem'), join(folder, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  cert = readFileSync(certFile, 'utf8');
  writeFileSync(join(folder, 'index.html'), '<!doctype html><title>District Recon</title>');
  local = await createTestEngine();
  serverEngine = await createTestEngine({ host: 'web', clock: fixedClock(NOW) });
  await serverEngine.team.users.add({ name: 'Ana', role: 'admin', password: PASSWORD });
  server = await startWebHost({
    engine: serverEngine,
    staticDir: folder,
    tls: { cert, key: readFileSync(keyFile) },
    team: { engine: serverEngine, secure: true, behindProxy: false },
  });
}, 30_000);

afterAll(async () => {
  await server.close();
  await serverEngine.close();
  await local.close();
  rmSync(folder, { recursive: true, force: true });
});

function workplaceWith(ca: string[] | undefined) {
  const statuses: ServerStatus[] = [];
  const events: Array<[EventName, unknown]> = [];
  const workplace: Workplace = createWorkplace({
    local: Promise.resolve(local),
    connect: signInToServer,
    ca,
    rememberFile: join(folder, `remember-${Math.random()}.json`),
    onStatus: (status) => statuses.push(status),
  });
  workplace.onAny((event, payload) => events.push([event, payload]));
  return { workplace, statuses, events };
}

const settingsChanged = (events: Array<[EventName, unknown]>) =>
  events.filter(([event, payload]) => event === 'data.changed' && JSON.stringify(payload).includes('settings'));

describe('a district server over TLS', () => {
  it('refuses a certificate this computer does not trust, in one line, and stays local', async () => {
    const { workplace, statuses } = workplaceWith(undefined);
    await expect(workplace.signIn({ url: server.url, name: 'Ana', password: PASSWORD })).rejects.toMatchObject({
      code: 'NETWORK',
      message: expect.stringMatching(
        /^The certificate of 127\.0\.0\.1:\d+ is not trusted on this computer \(\w+\)\. Ask whoever runs the server/,
      ),
    });
    expect(workplace.status()).toEqual({ mode: 'local', lastServer: null });
    expect(statuses).toEqual([]);
    expect(await workplace.callUnknown('app.info', {})).toMatchObject({ host: 'direct' });
  });

  it('signs in over https with a trusted certificate and its Secure cookies', async () => {
    const { workplace } = workplaceWith([cert]);
    const status = await workplace.signIn({ url: server.url, name: 'Ana', password: PASSWORD });
    expect(status).toEqual({ mode: 'server', url: server.url, name: 'Ana', role: 'admin', signedIn: true });
    expect(await workplace.callUnknown('app.info', {})).toMatchObject({ host: 'web' });
    await workplace.signOut();
  });
});

describe('events', () => {
  it('relays the events of the place in use only', async () => {
    const { workplace, events } = workplaceWith([cert]);
    // On this computer: the local engine's events reach the page.
    await local.call('settings.set', { patch: { reviewerName: 'Local One' } });
    await vi.waitFor(() => expect(settingsChanged(events)).toHaveLength(1));

    await workplace.signIn({ url: server.url, name: 'Ana', password: PASSWORD });
    // On the server: a change here stays here; the server's change (made through the app, as an
    // admin) arrives over its event stream.
    await local.call('settings.set', { patch: { reviewerName: 'Local Two' } });
    await workplace.callUnknown('settings.set', { patch: { scheduleTime: '02:15' } });
    await vi.waitFor(() => expect(settingsChanged(events)).toHaveLength(2));
    expect((await serverEngine.call('settings.get', {})).scheduleTime).toBe('02:15');
    expect((await local.call('settings.get', {})).scheduleTime).not.toBe('02:15');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settingsChanged(events)).toHaveLength(2);

    await workplace.signOut();
    await serverEngine.call('settings.set', { patch: { scheduleTime: '03:00' } });
    await local.call('settings.set', { patch: { reviewerName: 'Local Three' } });
    await vi.waitFor(() => expect(settingsChanged(events)).toHaveLength(3));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settingsChanged(events)).toHaveLength(3);
  });
});
