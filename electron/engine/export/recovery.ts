/**
 * An export killed part-way (power cut, kill -9) leaves a pending record and temporary files. At
 * the next start, for each pending export whose owner is gone (lease.ts; one another live process is
 * writing is left to it): the lease is taken over, so two starts never recover one export twice;
 * temporary files beside its targets are removed; if its file did land complete (the hash recorded
 * before the rename matches) the record is marked done, else the record is dropped.
 */
import { readdirSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { completeExport, forgetExport, pendingExports, takeOverExport } from '../store/exports';
import type { WritableDB } from '../store/work';
import { fileExists } from './atomicFiles';
import { sha256OfFile } from './fileHash';
import { leaseTime, newOwner, ownerIsGone, type LeaseClock } from './lease';

export async function recoverInterruptedExports(
  writer: WritableDB,
  clock: LeaseClock = Date.now,
): Promise<{ completed: number; dropped: number; leftToTheirOwners: number }> {
  let completed = 0;
  let dropped = 0;
  let leftToTheirOwners = 0;
  const owner = newOwner();
  for (const row of await pendingExports(writer)) {
    if (!ownerIsGone(row, clock()) || !(await takeOverExport(writer, row, owner, leaseTime(clock)))) {
      leftToTheirOwners++;
      continue;
    }
    const targets = [row.file, row.companion_file].filter((t): t is string => t !== null);
    await Promise.all(targets.map(removeTemps));
    const landed =
      row.sha256 !== '' &&
      (await fileExists(row.file)) &&
      (await sha256OfFile(row.file).catch(() => '')) === row.sha256;
    if (landed) {
      // With what it posted, recorded while pending: the reversals and the receipt sequence.
      await completeExport(writer, row.id, owner);
      completed++;
    } else {
      await forgetExport(writer, row.id, owner);
      dropped++;
    }
  }
  return { completed, dropped, leftToTheirOwners };
}

/** The temporary names reserveTemp() gives: `.~<name>.<random>.tmp` in the target's folder. */
async function removeTemps(target: string): Promise<void> {
  const folder = dirname(target);
  const prefix = `.~${basename(target)}.`;
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  await Promise.all(
    names
      .filter((name) => name.startsWith(prefix) && name.endsWith('.tmp'))
      .map((name) => unlink(join(folder, name)).catch(() => undefined)),
  );
}
