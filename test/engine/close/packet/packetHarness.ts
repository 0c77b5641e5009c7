/**
 * A sandbox month for the packet's tests: a real sync of a sandbox district over HTTP (on the dialect
 * the suite runs on), its bank statement imported and matched, and what the packet needs from the
 * month's close (store/months, another part of issue 29) given as a plain parameter.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeSandboxStatement } from '../../../../electron/sandbox/bankFormats';
import type { CloseState, PacketDeps } from '../../../../electron/engine/close/packet';
import { startHarness, type Harness } from '../../sync/harness';

export const MONTH = '2026-02';
export const MONTH_END = '2026-02-28';

/**
 * Three schools with sales from 2026-01-01 to 02-20, synced on 02-21 and 03-12 (reversals are dated
 * by the sync that first saw them, so February has some), then the bank statement: February's late
 * deposits credited in March.
 */
export async function startPacketMonth(): Promise<Harness> {
  const h = await startHarness({
    sandbox: {
      seed: 11,
      now: '2026-02-21T15:00:00Z',
      scenario: { days: 52, dailyVolume: 30, payees: 3, glAccounts: 8 },
    },
  });
  // The first sync's history is a baseline (before District Recon): the February sync after it is
  // what sees February's refunds and returns as the month's reversals.
  for (const at of [null, '2026-02-27T15:00:00Z', '2026-03-12T15:00:00Z']) {
    if (at) h.sandbox.advanceTo(at);
    const summary = await h.sync(at ? undefined : h.sandbox.state.batches[0]!.date);
    if (summary.status !== 'succeeded') throw new Error(`sync ${summary.status}`);
  }
  const statement = writeSandboxStatement(h.sandbox.state, 'bai2');
  await h.engine.call('bank.import', { fileName: statement.fileName, content: statement.content });
  return h;
}

export function closedBy(
  name: string,
  at: string,
  preparer: string | null = null,
  districtName: string | null = null,
): CloseState {
  return {
    state: 'closed',
    submittedBy: preparer,
    submittedAt: preparer ? at.replace(/T\d\d/, 'T08') : null,
    closedBy: name,
    closedAt: at,
    reopenedBy: null,
    reopenedAt: null,
    reason: null,
    districtName,
  };
}

export function depsOf(h: Harness, state: () => CloseState | null, now = '2026-03-12T18:00:00.000Z'): PacketDeps {
  const { reader, writer } = h.engine.internals.store;
  return { reader, writer, closeState: async () => state(), now: () => now };
}

/** The PDF's text, page by page (poppler's pdftotext, as an auditor's tools read it). */
export function pdfPages(bytes: Uint8Array): string[] {
  const folder = mkdtempSync(join(tmpdir(), 'recon-packet-'));
  try {
    const file = join(folder, 'packet.pdf');
    writeFileSync(file, bytes);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    return text.split('\f').filter((page, i, all) => i < all.length - 1 || page.trim() !== '');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
