import { todayCentral } from '../../../shared/time';
import type { EngineContext } from '../context';
import { databaseStatus } from '../store/syncState';
import { findUserByName } from '../store/team';
import { boundActor } from '../team/actor';
import type { DomainHandlers } from './domain';

export function createAppHandlers(ctx: EngineContext): DomainHandlers<'app'> {
  return {
    'app.info': async () => ({
      version: ctx.options.version,
      dataFolder: (await seesWhereDataLives(ctx)) ? ctx.options.dataFolder : null,
      sandbox: (await ctx.settings()).sandboxMode,
      host: ctx.options.host,
      today: todayCentral(ctx.clock),
    }),
    'app.status': async () => {
      const status = await databaseStatus(ctx.store.reader, ctx.store.path);
      return (await seesWhereDataLives(ctx)) ? status : { ...status, database: null };
    },
  };
}

/**
 * On a district server the data folder and the database's address (host, port, user, name) are a
 * map of the server for anyone who would attack it, so only an admin is shown them (issue 26
 * item 17). A call no user is bound to is this computer's own user (desktop, CLI), who sees all.
 */
async function seesWhereDataLives(ctx: EngineContext): Promise<boolean> {
  const name = boundActor();
  if (name === undefined) return true;
  return (await findUserByName(ctx.store.reader, name))?.role === 'admin';
}
