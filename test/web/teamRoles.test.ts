/** Every contract method's role, over HTTP: one role below is refused before the engine runs; the role itself passes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METHOD_NAMES, METHOD_ROLES } from '../../shared/contract';
import { ROLES, roleBelow, type Role } from '../../shared/contractRoles';
import { rpc, signIn, startTeamHost, type Session, type TeamHost } from '../helpers/teamHost';

let team: TeamHost;
const sessions = new Map<Role, Session>();

beforeAll(async () => {
  team = await startTeamHost({ users: ROLES.map((role) => [`${role} user`, role] as [string, Role]) });
  for (const role of ROLES) sessions.set(role, await signIn(team.host.port, `${role} user`));
}, 30_000);
afterAll(() => team.close());

const gateRefusal = /needs (a|an) \w+ or above/;

describe('the role each method needs', () => {
  it('has a role for every method (the table is complete at compile time too)', () => {
    for (const method of METHOD_NAMES) expect(ROLES).toContain(METHOD_ROLES[method]);
  });

  for (const method of METHOD_NAMES) {
    const needed = METHOD_ROLES[method];
    const below = roleBelow(needed);
    it(`${method}: ${below ? `${below} gets 403, ` : ''}${needed} passes the gate`, async () => {
      if (below) {
        const refused = await rpc(team.host.port, sessions.get(below)!, method, {});
        expect(refused.status).toBe(403);
        expect(refused.json.error).toMatchObject({ code: 'FORBIDDEN' });
        expect(refused.json.error!.message).toMatch(gateRefusal);
        expect(refused.json.error!.message).toContain(`${below} user`);
      }
      // Past the gate the engine answers: a result, or its own refusal of empty arguments, never the gate's.
      const passed = await rpc(team.host.port, sessions.get(needed)!, method, {});
      expect(passed.json.error?.message ?? '').not.toMatch(gateRefusal);
      expect(passed.status).not.toBe(401);
    });
  }

  it('an admin may call everything', async () => {
    const reply = await rpc(team.host.port, sessions.get('admin')!, 'batches.list', {});
    expect(reply.status).toBe(200);
  });
});
