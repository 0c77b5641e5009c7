/**
 * What the signed-in user's role lets them do (shared/contractRoles.ts), so the page offers only
 * what the server would accept. On a district server, in the browser or from the desktop, the role
 * is the session's; on this computer's own data (desktop or `district-recon web`) there is no role
 * and everything is allowed, as before team mode.
 */
import type { MethodName } from '../../../shared/contractNames';
import { METHOD_ROLES } from '../../../shared/contract';
import { ROLE_WORDS, roleAllows, type Role } from '../../../shared/contractRoles';
import { useServerStatus } from '../desktopHost';
import { useTeamRole, useTeamUser } from '../teamSession';

/** The role of whoever is signed in to a district server, or null on single-user data. */
export function useSignedInRole(): Role | null {
  const server = useServerStatus();
  const team = useTeamRole();
  if (server?.mode === 'server') return server.role;
  return team;
}

/** The name of whoever is signed in to a district server, or null on single-user data. */
export function useSignedInName(): string | null {
  const server = useServerStatus();
  const team = useTeamUser();
  if (server?.mode === 'server') return server.name;
  return team?.name ?? null;
}

/** Whether the signed-in user may call `method`; always true in single-user mode. */
export function useCan(method: MethodName): boolean {
  const role = useSignedInRole();
  return role === null || roleAllows(role, METHOD_ROLES[method]);
}

/** Why an action is not offered, in words: "Needs an approver; you are signed in as a preparer." */
export function useWhyNot(method: MethodName): string | null {
  const role = useSignedInRole();
  const needed = METHOD_ROLES[method];
  if (role === null || roleAllows(role, needed)) return null;
  return `Needs ${ROLE_WORDS[needed]}; you are signed in as ${ROLE_WORDS[role]}.`;
}
