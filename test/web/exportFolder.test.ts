/**
 * The browser host's save path (issue 26, item 1): it names the file itself, in
 * `<dataFolder>/exports`, so what can be in the way is that folder. Missing: made. A folder, or a
 * link to one inside the data folder: written there. A file, a FIFO, a device, a link out of the
 * data folder or to nothing: refused with a line naming it, nothing recorded or claimed. Leave to
 * replace is not the browser's to give, and a download is never served through a link.
 */
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { describe, expect, onTestFinished, vi } from 'vitest';
import { startWebHost } from '../../electron/web/server';
import { createTestEngine } from '../helpers/engine';
import { folderTest } from '../helpers/engineTest';
import { makeCharDevice, makeFifo } from '../helpers/specialFiles';
import { countRows } from '../helpers/storeRows';
import { seedDistrict } from '../engine/reconcile/fixtures';

const RANGE = { from: '2026-03-01', to: '2026-03-31' };

interface Reply {
  status: number;
  text: string;
}

function send(port: number, token: string, path: string, body?: unknown): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          host: `127.0.0.1:${port}`,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('latin1') }));
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** A browser host on an engine whose data folder is `folder`, holding the small district. */
async function browserHost(folder: string) {
  const staticDir = join(folder, 'static');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html>');
  const dataFolder = join(folder, 'data');
  mkdirSync(dataFolder);
  const engine = await createTestEngine({ host: 'web', dataFolder });
  await seedDistrict(engine.internals.store.writer.db);
  const host = await startWebHost({
    engine,
    staticDir,
    resolveDownload: async (id) =>
      (await engine.call('export.list', {})).find((record) => String(record.id) === id)?.file ?? null,
  });
  onTestFinished(async () => {
    await host.close();
    await engine.close();
  });
  const exportGl = (args: Record<string, unknown> = {}) =>
    send(host.port, host.token, '/rpc/export.glBatches', { ...RANGE, ...args });
  const download = (path: string) => send(host.port, host.token, path);
  return {
    engine,
    dataFolder,
    exportsPath: join(dataFolder, 'exports'),
    exportGl,
    download,
    port: host.port,
    token: host.token,
  };
}

const refused: Array<{ name: string; make: (exportsPath: string, folder: string) => void; says: RegExp }> = [
  { name: 'a regular file', make: (p) => writeFileSync(p, 'notes'), says: /is a file, not a folder/ },
  { name: 'a FIFO', make: (p) => makeFifo(p), says: /is a named pipe \(FIFO\), not a folder/ },
  {
    name: 'a character device',
    make: (p) => {
      const device = makeCharDevice(dirname(p), 'exports');
      if (device !== p) symlinkSync(device, p);
    },
    says: /is a character device|not a folder inside the data folder/,
  },
  {
    name: 'a symbolic link out of the data folder',
    make: (p, folder) => {
      mkdirSync(join(folder, 'elsewhere'));
      symlinkSync(join(folder, 'elsewhere'), p);
    },
    says: /is a symbolic link to .*elsewhere, not a folder inside the data folder/,
  },
  {
    name: 'a dangling symbolic link',
    make: (p, folder) => symlinkSync(join(folder, 'gone'), p),
    says: /is a symbolic link to .*gone, which does not exist/,
  },
];

describe("the browser host's save path", () => {
  for (const { name, make, says } of refused) {
    folderTest(`refuses when <dataFolder>/exports is ${name}: nothing recorded or claimed`, async ({ folder }) => {
      const { engine, exportsPath, exportGl } = await browserHost(folder);
      make(exportsPath, folder);
      const kind = lstatSync(exportsPath).mode;
      const reply = await exportGl();
      expect(reply.status).toBe(500);
      const { error } = JSON.parse(reply.text) as { error: { code: string; message: string } };
      expect(error.code).toBe('EXPORT');
      expect(error.message).toMatch(says);
      expect(error.message).toContain(exportsPath);
      expect(lstatSync(exportsPath).mode).toBe(kind);
      expect(await countRows(engine, 'exports')).toBe(0);
      expect(await countRows(engine, 'export_deposits')).toBe(0);
      if (name.includes('out of')) expect(readdirSync(join(folder, 'elsewhere'))).toEqual([]);
    });
  }

  folderTest('makes a missing exports folder, writes there and serves the file', async ({ folder }) => {
    const { exportsPath, exportGl, download } = await browserHost(folder);
    const reply = await exportGl();
    expect(reply.status).toBe(200);
    const { result } = JSON.parse(reply.text) as { result: { downloadPath: string; record: { file: string } } };
    expect(lstatSync(exportsPath).isDirectory()).toBe(true);
    expect(readdirSync(exportsPath)).toHaveLength(1);
    const served = await download(result.downloadPath);
    expect(served.status).toBe(200);
    expect(served.text).toBe(readFileSync(result.record.file, 'latin1'));
  });

  folderTest('writes into a link to a folder inside the data folder', async ({ folder }) => {
    const { dataFolder, exportsPath, exportGl } = await browserHost(folder);
    mkdirSync(join(dataFolder, 'kept-exports'));
    symlinkSync('kept-exports', exportsPath);
    const reply = await exportGl();
    expect(reply.status).toBe(200);
    expect(readdirSync(join(dataFolder, 'kept-exports'))).toHaveLength(1);
  });

  folderTest('leave to replace, or a file of the caller’s choosing, is refused (403)', async ({ folder }) => {
    const { engine, exportGl } = await browserHost(folder);
    expect((await exportGl({ overwrite: true })).status).toBe(403);
    expect((await exportGl({ file: join(folder, 'x.xlsx') })).status).toBe(403);
    expect(await countRows(engine, 'exports')).toBe(0);
  });

  folderTest('a download is not served through a link put where the export was', async ({ folder }) => {
    const { exportGl, download } = await browserHost(folder);
    const secret = join(folder, 'secret.txt');
    writeFileSync(secret, 'not an export');
    const { result } = JSON.parse((await exportGl()).text) as {
      result: { downloadPath: string; record: { file: string } };
    };
    unlinkSync(result.record.file);
    symlinkSync(secret, result.record.file);
    const served = await download(result.downloadPath);
    expect(served.status).toBe(404);
    expect(served.text).not.toContain('not an export');
  });

  folderTest.runIf(process.platform === 'linux')(
    'a download the browser abandons part way closes its file',
    async ({ folder }) => {
      const { exportGl, port, token } = await browserHost(folder);
      const { result } = JSON.parse((await exportGl()).text) as {
        result: { downloadPath: string; record: { file: string } };
      };
      // Larger than the socket's buffers, so the server is still reading the file when the client goes.
      writeFileSync(result.record.file, Buffer.alloc(16 * 1024 * 1024, 1));
      await abandonAfterFirstBytes(port, token, result.downloadPath);
      await vi.waitFor(() => expect(descriptorsOn(result.record.file)).toBe(0), { timeout: 5_000, interval: 50 });
    },
  );

  folderTest.runIf(process.platform === 'linux')(
    "a page's script the browser abandons part way closes its file",
    async ({ folder }) => {
      const { port, token } = await browserHost(folder);
      const script = join(folder, 'static', 'large.js');
      writeFileSync(script, Buffer.alloc(16 * 1024 * 1024, 32));
      await abandonAfterFirstBytes(port, token, '/large.js');
      await vi.waitFor(() => expect(descriptorsOn(script)).toBe(0), { timeout: 5_000, interval: 50 });
    },
  );
});

/** Starts a download and goes once its first bytes arrive, as a browser whose user cancels it. */
function abandonAfterFirstBytes(port: number, token: string, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, headers: { host: `127.0.0.1:${port}`, authorization: `Bearer ${token}` } },
      (res) => {
        expect(res.statusCode).toBe(200);
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      },
    );
    req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    req.end();
  });
}

/** This process's open descriptors on `file` (Linux: /proc/self/fd). */
function descriptorsOn(file: string): number {
  let count = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`) === file) count++;
    } catch {
      // Closed between the listing and the read.
    }
  }
  return count;
}
