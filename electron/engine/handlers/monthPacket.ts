/**
 * month.packet: the auditor's packet of a school's month, or the district packet (DESIGN.md §13).
 * The bytes go back to the host, which saves them where its user chose.
 */
import { ContractError, type EngineHandlers } from '../../../shared/contract';
import { toIsoUtc } from '../../../shared/time';
import { PacketError, printDistrictPacket, printPacket, type CloseState, type PacketDeps } from '../close/packet';
import type { EngineContext } from '../context';

/**
 * The month's close state. The month's close (store/months, issue 29 item 2) is wired here at merge;
 * until then every month reads as open, so its packet says DRAFT.
 */
async function recordedCloseState(): Promise<CloseState | null> {
  return null;
}

export function packetDeps(ctx: EngineContext): PacketDeps {
  return {
    reader: ctx.store.reader,
    writer: ctx.store.writer,
    closeState: recordedCloseState,
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
