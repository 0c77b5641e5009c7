import { makeSlip, slipOf, slipsOf, verify, type SlipDeps } from '../act/slips';
import { slipPdf } from '../act/slipPdf';
import type { EngineContext } from '../context';
import { actingUser, type DomainHandlers } from './domain';

/** Deposit slips (DESIGN.md §12): a school's day of cash and checks, counted, verified, printed. */
export function createSlipHandlers(ctx: EngineContext): DomainHandlers<'slips'> {
  const deps: SlipDeps = { store: ctx.store, clock: ctx.clock };
  return {
    'slips.list': async (args) => slipsOf(deps, args),
    'slips.create': async (args) => {
      const slip = await makeSlip(deps, args, await actingUser(ctx, args.countedBy));
      return slip;
    },
    'slips.verify': async (args) => {
      const slip = await verify(deps, args, await actingUser(ctx, args.verifiedBy));
      return slip;
    },
    'slips.pdf': async ({ id }) => {
      const pdf = await slipPdf(await slipOf(deps, id));
      return { fileName: pdf.fileName, base64: pdf.bytes.toString('base64'), sha256: pdf.sha256 };
    },
  };
}
