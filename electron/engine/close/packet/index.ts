/**
 * The auditor's packet (DESIGN.md §13, issue 29 item 3): printed from the store, byte-identical for a
 * closed month, its SHA-256 stored at close and printed on it, DRAFT on every page while open. What
 * the month's close (store/months) records reaches this part through `deps.closeState`.
 */
import { districtContent, districtSchool, renderDistrictPacket, type DistrictSchool } from './district';
import { districtSettings, gatherSchoolPacket, monthScope, PacketError } from './gather';
import { contentSha256 } from './hash';
import { renderSchoolPacket } from './renderSchool';
import { checkRemovable } from './retention';
import type { PacketDeps, PrintedPacket, SchoolPacketContent } from './types';
import { deletePacket, insertPacket, markSuperseded, packetById, packetsOf, readSchools } from '../../store/packets';

export { districtSettings, PacketError } from './gather';
export { contentSha256, canonicalJson } from './hash';
export { PACKET_RETENTION_YEARS_DEFAULT } from './retention';
export type * from './types';

/** The month's content, hashed and rendered. */
async function printContent(content: SchoolPacketContent): Promise<PrintedPacket & { content: SchoolPacketContent }> {
  const sha256 = contentSha256(content);
  return { bytes: await renderSchoolPacket(content, sha256), sha256, draft: content.draft, content };
}

/**
 * A school's packet for the month. A closed month whose packet was stored at close is that stored
 * packet, as it was; otherwise it is printed from the store now (DRAFT while the month is open).
 */
export async function printPacket(
  deps: PacketDeps,
  { month, payeeId }: { month: string; payeeId: number },
): Promise<PrintedPacket> {
  monthScope(month, payeeId);
  const stored = await storedPacket(deps, month, payeeId);
  if (stored) return stored;
  const { bytes, sha256, draft } = await printContent(await gatherSchoolPacket(deps, { month, payeeId }));
  return { bytes, sha256, draft };
}

/**
 * At close (the month's close calls this once it has recorded the close): prints the packet of the
 * now-closed month and stores it with its SHA-256.
 */
export async function storePacketAtClose(
  deps: PacketDeps,
  { month, payeeId, closedBy, closedAt }: { month: string; payeeId: number; closedBy: string; closedAt: string },
): Promise<{ sha256: string }> {
  const close = await deps.closeState(month, payeeId);
  if (close?.state !== 'closed')
    throw new PacketError(`the ${month} month of payee ${payeeId} is not closed; close it before storing its packet`);
  const printed = await printContent(await gatherSchoolPacket(deps, { month, payeeId }));
  await markSuperseded(deps.writer, { month, payeeId, by: closedBy, at: closedAt, reason: 'closed again' });
  await insertPacket(deps.writer, {
    month,
    payeeId,
    sha256: printed.sha256,
    bytes: printed.bytes,
    closedBy,
    closedAt,
    storedAt: deps.now(),
  });
  return { sha256: printed.sha256 };
}

/** At re-open: the month's stored packets are marked superseded, with who and why, and kept. */
export async function supersedePackets(
  deps: PacketDeps,
  { month, payeeId, reason, by }: { month: string; payeeId: number; reason: string; by: string },
): Promise<{ superseded: number }> {
  if (!reason.trim()) throw new PacketError('give the reason the packet is superseded (the re-open reason)');
  const superseded = await markSuperseded(deps.writer, { month, payeeId, by, at: deps.now(), reason: reason.trim() });
  return { superseded };
}

/** Removes a stored packet once the retention period is over; refused (PacketError) before. */
export async function removePacket(deps: PacketDeps, { packetId }: { packetId: number }): Promise<void> {
  const packet = await packetById(deps.reader, packetId);
  if (!packet) throw new PacketError(`no stored packet ${packetId}; nothing removed`);
  await checkRemovable(deps.reader, packet, deps.now());
  await deletePacket(deps.writer, packetId);
}

/** A closed month's packet as stored at close (the current one, not superseded), if there is one. */
async function storedPacket(deps: PacketDeps, month: string, payeeId: number): Promise<PrintedPacket | null> {
  const close = await deps.closeState(month, payeeId);
  if (close?.state !== 'closed') return null;
  const current = (await packetsOf(deps.reader, month, payeeId)).filter((p) => p.superseded_at === null).at(-1);
  const stored = current ? await packetById(deps.reader, current.id) : undefined;
  return stored ? { bytes: stored.bytes, sha256: stored.sha256, draft: false } : null;
}

/**
 * Every school's packet content of the month, one school at a time: `each` is done with a school's
 * content before the next is gathered, and only its district line is kept (a 100-school month held
 * whole, contents and PDFs, was most of the packet bench's peak memory).
 */
async function eachSchool(
  deps: PacketDeps,
  month: string,
  each: (content: SchoolPacketContent) => Promise<void>,
): Promise<DistrictSchool[]> {
  monthScope(month, 0);
  const schools: DistrictSchool[] = [];
  for (const school of await readSchools(deps.reader)) {
    const content = await gatherSchoolPacket(deps, { month, payeeId: school.id });
    await each(content);
    schools.push(districtSchool(content));
  }
  return schools;
}

async function districtPacketOf(deps: PacketDeps, month: string, schools: readonly DistrictSchool[]) {
  const content = districtContent((await districtSettings(deps.reader)).district, month, schools);
  const sha256 = contentSha256(content);
  return { bytes: await renderDistrictPacket(content, sha256), sha256, draft: content.draft };
}

/** One cover and summary page over every school's packet of the month. */
export async function printDistrictPacket(deps: PacketDeps, { month }: { month: string }): Promise<PrintedPacket> {
  return districtPacketOf(deps, month, await eachSchool(deps, month, async () => undefined));
}

/**
 * Every school's packet of the month and the district packet over them, each school gathered once
 * (what printing the district's month for the auditor does). Each school's packet goes to `save` as
 * soon as it is printed and is not kept, so the month's packets never sit in memory together.
 */
export async function printMonthPackets(
  deps: PacketDeps,
  { month }: { month: string },
  save: (packet: PrintedPacket & { payeeId: number }) => Promise<void> | void,
): Promise<{ schools: number; district: PrintedPacket }> {
  const schools = await eachSchool(deps, month, async (content) => {
    const printed = (await storedPacket(deps, month, content.school.id)) ?? (await printContent(content));
    await save({ payeeId: content.school.id, bytes: printed.bytes, sha256: printed.sha256, draft: printed.draft });
  });
  return { schools: schools.length, district: await districtPacketOf(deps, month, schools) };
}
