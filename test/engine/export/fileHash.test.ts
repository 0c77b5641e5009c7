/**
 * The export's file hash (issue 31 item 5): read a buffer at a time into one buffer used again, so
 * hashing a large workbook leaves no trail of read buffers to collect. The digest is the file's
 * SHA-256 whatever its size: empty, within one read, and across several reads with a short last one.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { sha256OfFile } from '../../../electron/engine/export/fileHash';

const folder = mkdtempSync(join(tmpdir(), 'recon-file-hash-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const MB = 1024 * 1024;

it.each([
  ['an empty file', 0],
  ['a file within one read', 1000],
  ['a file of exactly one read', MB],
  ['a file of several reads and a short last one', 3 * MB + 12_345],
])('%s hashes to its SHA-256', async (_what, size) => {
  // Every byte differs from its neighbour, so a read at the wrong offset or a stale buffer shows.
  const content = Buffer.alloc(size);
  for (let i = 0; i < size; i++) content[i] = (i * 31 + (i >> 8)) & 0xff;
  const file = join(folder, `file-${size}.bin`);
  writeFileSync(file, content);
  expect(await sha256OfFile(file)).toBe(createHash('sha256').update(content).digest('hex'));
});

it('refuses a file that is not there', async () => {
  await expect(sha256OfFile(join(folder, 'missing.xlsx'))).rejects.toThrow(/ENOENT/);
});
