/**
 * The engine enforces each method's role (issue 27): a call made through the engine by a viewer is
 * refused with the code and the words the web host gives the same viewer over HTTP, so every host
 * gets the same answer. A bare name (the desktop, the CLI: the owner of the file) is not gated.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractError, METHOD_NAMES, METHOD_ROLES, roleRefusal } from '../../shared/contract';
import { roleBelow } from '../../shared/contractRoles';
import { rpc, signIn, startTeamHost, type Session, type TeamHost } from '../helpers/teamHost';

let team: TeamHost;
let viewer: Session;

beforeAll(async () => {
  team = await startTeamHost({ users: [['vera', 'viewer']] });
  viewer = await signIn(team.host.port, 'vera');
}, 60_000);
afterAll(() => team.close());

async function refusalOf(call: Promise<unknown>): Promise<ContractError> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ContractError);
  return error as ContractError;
}

describe('roles in the engine', () => {
  it.each([
    ['batches.signOff', { id: 'B-1', note: '' }],
    ['sync.start', {}],
    ['settings.set', { patch: { reviewerName: 'Vera' } }],
    ['transactions.fetchDetails', { id: 1 }],
  ])('%s by a viewer: the engine refuses as the web host does', async (method, args) => {
    const overHttp = await rpc(team.host.port, viewer, method, args);
    expect(overHttp.status).toBe(403);
    const refused = await refusalOf(team.engine.callAs({ name: 'vera', role: 'viewer' }, method, args));
    expect(refused.code).toBe(overHttp.json.error!.code);
    expect(refused.code).toBe('FORBIDDEN');
    expect(refused.message).toBe(overHttp.json.error!.message);
  });

  it('lets a viewer read, and writes nothing for a refused call', async () => {
    const before = await team.engine.call('settings.get');
    await refusalOf(
      team.engine.callAs({ name: 'vera', role: 'viewer' }, 'settings.set', { patch: { reviewerName: 'X' } }),
    );
    expect((await team.engine.call('settings.get')).reviewerName).toBe(before.reviewerName);
    const page = (await team.engine.callAs({ name: 'vera', role: 'viewer' }, 'batches.list', {})) as {
      rows: unknown[];
    };
    expect(page.rows.length).toBeGreaterThan(0);
  });

  it('refuses, in the engine, every method to the role just below the one its table entry names', async () => {
    let refusedCount = 0;
    for (const method of METHOD_NAMES) {
      const below = roleBelow(METHOD_ROLES[method]);
      if (!below) continue;
      const caller = { name: 'vera', role: below };
      // Arguments that no schema takes: the role is refused before they are read, and nothing runs.
      const refused = await refusalOf(team.engine.callAs(caller, method, { notAnArgument: true }));
      expect(refused.code, method).toBe('FORBIDDEN');
      expect(refused.message, method).toBe(roleRefusal(caller, method));
      refusedCount++;
    }
    expect(refusedCount).toBe(METHOD_NAMES.filter((method) => METHOD_ROLES[method] !== 'viewer').length);
  });

  it('gates no one calling by name alone: the owner of the file', async () => {
    const settings = (await team.engine.callAs('owner', 'settings.set', { patch: { reviewerName: 'Owner' } })) as {
      reviewerName: string;
    };
    expect(settings.reviewerName).toBe('Owner');
  });
});
