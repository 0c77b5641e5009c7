/**
 * month.packet: the auditor's packet of a school's month, or the district packet (DESIGN.md §13).
 * The bytes go back to the host, which saves them where its user chose.
 */
import { ContractError, type EngineHandlers } from '../../../shared/contract';
import { toIsoUtc } from '../../../shared/time';
import {
  PacketError,
  printDistrictPacket,
  printPacket,
  storePacketAtClose,
  supersedePackets,
  type CloseState,
  type PacketDeps,
} from '../close/packet';
import type { MonthPackets } from '../close';
import type { EngineContext } from '../context';
import { monthRecords } from '../store/months';

/** The month's close as store/months records it (state, who submitted and closed, the last re-open). */
async function recordedCloseState(ctx: EngineContext, month: string, payeeId: number): Promise<CloseState | null> {
  const record = (await monthRecords(ctx.store.reader, month, payeeId)).get(payeeId);
  if (!record?.row) return null;
  const { row, events } = record;
  const reopened = events.filter((event) => event.event === 'reopened').at(-1);
  return {
    // "ready" is computed, never stored: a stored open month was re-opened.
    state: row.state === 'closed' || row.state === 'submitted' ? row.state : 'open',
    submittedBy: row.submitted_by,
    submittedAt: row.submitted_at,
    closedBy: row.closed_by,
    closedAt: row.closed_at,
    reopenedBy: reopened?.actor ?? null,
    reopenedAt: reopened?.at ?? null,
    reason: reopened?.detail ?? null,
    districtName: row.district_name,
  };
}

/** What a close and a re-open do to the month's packet: store it (and its hash), or mark it superseded. */
export function monthPackets(ctx: EngineContext): MonthPackets {
  return {
    storePacketAtClose: (args) => storePacketAtClose(packetDeps(ctx), args),
    supersedePackets: async (args) => void (await supersedePackets(packetDeps(ctx), args)),
  };
}

export function packetDeps(ctx: EngineContext): PacketDeps {
  return {
    reader: ctx.store.reader,
    writer: ctx.store.writer,
    closeState: (month, payeeId) => recordedCloseState(ctx, month, payeeId),
    now: () => toIsoUtc(ctx.clock.now()),
  };
}

export function createMonthPacketHandlers(ctx: EngineContext): Pick<EngineHandlers, 'month.packet'> {
  return {
    'month.packet': async ({ month, payeeId }) => {
      try {
        const deps = packetDeps(ctx);
        const printed =
          payeeId === undefined
            ? await printDistrictPacket(deps, { month })
            : await printPacket(deps, { month, payeeId });
        return {
          pdfBase64: Buffer.from(printed.bytes).toString('base64'),
          sha256: printed.sha256,
          draft: printed.draft,
          fileName: `district-recon-packet-${month}${payeeId === undefined ? '-district' : `-${payeeId}`}.pdf`,
        };
      } catch (error) {
        if (error instanceof PacketError) throw new ContractError('NOT_FOUND', error.message);
        throw error;
      }
    },
  };
}
