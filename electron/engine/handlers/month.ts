import { DISTRICT_NAME_UNSET } from '../../../shared/contract';
import { todayCentral } from '../../../shared/time';
import {
  closeMonth,
  districtStatus,
  monthStatus,
  reopenMonth,
  submitMonth,
  type MonthDeps,
  type MonthPackets,
} from '../close';
import { districtWorkbook } from '../close/districtWorkbook';
import { districtSettings } from '../close/packet';
import type { EngineContext } from '../context';
import { actingUser, nowIso, type DomainHandlers } from './domain';

/**
 * Closing a month (DESIGN.md §13). `packets` prints and supersedes the auditor's packet
 * (close/packet); null where this build has none, and a close then records no packet.
 */
// month.packet is the packet's own (handlers/monthPacket.ts).
export function createMonthHandlers(
  ctx: EngineContext,
  packets: MonthPackets | null,
): Omit<DomainHandlers<'month'>, 'month.packet'> {
  const deps = async (): Promise<MonthDeps> => {
    const settings = await ctx.settings();
    return {
      reader: ctx.store.reader,
      writer: ctx.store.writer,
      packets,
      at: nowIso(ctx),
      today: todayCentral(ctx.clock),
      deadlineDay: settings.closeDeadlineDay,
      separateApprover: settings.requireSeparateApprover,
      districtName: settings.districtName ?? DISTRICT_NAME_UNSET,
      log: (message) => ctx.logger.warn(message),
    };
  };
  return {
    'month.status': async ({ month, payeeId }) => monthStatus(ctx.store.reader, month, payeeId, await deps()),
    'month.district': async ({ month }) => districtStatus(ctx.store.reader, month, await deps()),
    'month.districtWorkbook': async ({ month }) => {
      const status = await districtStatus(ctx.store.reader, month, await deps());
      const { district } = await districtSettings(ctx.store.reader);
      const bytes = await districtWorkbook(status, { district, madeAt: nowIso(ctx) });
      return {
        xlsxBase64: bytes.toString('base64'),
        fileName: `district-recon-district-${month}.xlsx`,
        schools: status.rows.length,
      };
    },
    'month.submit': async (args) => {
      const status = await submitMonth(await deps(), args, await actingUser(ctx));
      return status;
    },
    'month.close': async (args) => {
      const status = await closeMonth(await deps(), args, await actingUser(ctx));
      return status;
    },
    'month.reopen': async (args) => {
      const status = await reopenMonth(await deps(), args, await actingUser(ctx));
      return status;
    },
  };
}
