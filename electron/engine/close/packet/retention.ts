/**
 * Packets of closed months are kept (school-activity fund manuals ask five to seven years): the
 * `packetRetentionYears` setting, seven unless set, refuses a removal before the period is over.
 */
import type { ReadableDB } from '../../store/work';
import type { MonthPacketRow } from '../../store/packets';
import { readStoredSettings } from '../../store/settings';
import { PacketError } from './gather';

export const PACKET_RETENTION_YEARS_DEFAULT = 7;

export async function retentionYears(reader: ReadableDB): Promise<number> {
  const stored = (await readStoredSettings(reader)).get('packetRetentionYears');
  return typeof stored === 'number' && Number.isInteger(stored) && stored >= 0
    ? stored
    : PACKET_RETENTION_YEARS_DEFAULT;
}

/** Refuses (PacketError, one line) a packet still inside its retention period, counted from its close. */
export async function checkRemovable(reader: ReadableDB, packet: MonthPacketRow, now: string): Promise<void> {
  const years = await retentionYears(reader);
  const closed = new Date(packet.closed_at);
  const until = new Date(Date.UTC(closed.getUTCFullYear() + years, closed.getUTCMonth(), closed.getUTCDate()));
  if (new Date(now) < until)
    throw new PacketError(
      `the ${packet.month} packet (closed ${packet.closed_at.slice(0, 10)}) is kept until ${until.toISOString().slice(0, 10)} (packetRetentionYears ${years}); it was not removed`,
    );
}
