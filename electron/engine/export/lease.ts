/**
 * A pending export's lease (issue 26, item 2). Every engine start recovers exports killed part-way
 * (recovery.ts); without a lease it also dropped the ones another live process was still writing
 * (a `status` next to a running export made it fail, and its deposits free to post twice). So the
 * writer names itself (host, process id, a token of its own) and beats every HEARTBEAT_MS; a start
 * recovers a pending export only when its owner is gone: none recorded (written before leases), a
 * process no longer running on this host, or a heartbeat older than LEASE_MS (another host, or a
 * process that hangs). An owner whose lease was taken over is told so before it commits anything.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { ContractError } from '../../../shared/contract';
import type { WritableDB } from '../store/work';
import { renewExportLease } from '../store/exports';
import type { ExportRow } from '../store/schema';

export const HEARTBEAT_MS = 5_000;
/** Twelve missed heartbeats: long past a busy event loop or a slow disk, short beside a night. */
export const LEASE_MS = 60_000;

/** A wall clock: a lease is about processes being alive, not about the business day. */
export type LeaseClock = () => number;

export function newOwner(): string {
  return `${hostname()}/${process.pid}/${randomBytes(6).toString('hex')}`;
}

export function leaseTime(clock: LeaseClock): string {
  return new Date(clock()).toISOString();
}

/** Can no one be writing this pending export any more? */
export function ownerIsGone(row: Pick<ExportRow, 'owner' | 'heartbeat_at'>, now: number): boolean {
  if (row.owner === null || row.heartbeat_at === null) return true;
  const beat = Date.parse(row.heartbeat_at);
  if (!Number.isFinite(beat) || now - beat > LEASE_MS) return true;
  const [host, pid] = row.owner.split('/');
  return host === hostname() && !processRuns(Number(pid));
}

function processRuns(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as { code?: string }).code === 'EPERM';
  }
}

/** The running export's side: beats in the background, and confirms the lease before each commit. */
export class HeldLease {
  private readonly timer: NodeJS.Timeout;
  private lost = false;

  constructor(
    private readonly writer: WritableDB,
    private readonly id: number,
    readonly owner: string,
    private readonly clock: LeaseClock = Date.now,
  ) {
    this.timer = setInterval(() => {
      // A failed beat (a busy database) is tried again at the next one; confirm() decides.
      this.beat().catch(() => undefined);
    }, HEARTBEAT_MS);
    this.timer.unref();
  }

  /** Renews the lease now; throws when another engine has taken the export over. */
  async confirm(): Promise<void> {
    if (!(await this.beat())) {
      throw new ContractError(
        'CONFLICT',
        `Export #${this.id} stopped answering for more than ${LEASE_MS / 1000} s and another copy of District Recon cleaned it up, so this export was not recorded and its file was not written. Export again.`,
      );
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async beat(): Promise<boolean> {
    if (this.lost) return false;
    const held = await renewExportLease(this.writer, this.id, this.owner, leaseTime(this.clock));
    if (!held) this.lost = true;
    return held;
  }
}
