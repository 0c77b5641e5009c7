/**
 * Browser team mode (docs/team-mode.md): the page came from a district server and works under a
 * session that the server keeps in cookies. Who is signed in comes from GET /auth/me; signing out is
 * POST /auth/logout, then the server's sign-in page. Desktop and single-user browser pages have no
 * such session: there the user is null and nothing is limited by a role.
 */
import { useSyncExternalStore } from 'react';
import { isRole, type Role } from '../../shared/contractRoles';
import { BridgeError, csrfHeader } from './bridge';

export interface TeamUser {
  name: string;
  role: Role;
}

export interface TeamSessionApi {
  /** The signed-in user, or null when the page is not on a district server. */
  me(): Promise<TeamUser | null>;
  /** Ends the session on the server and leaves for the sign-in page. */
  signOut(): Promise<void>;
}

const browserSession: TeamSessionApi = {
  async me() {
    // Only a district server sets the CSRF cookie: a single-user page asks nothing.
    if (!('x-csrf-token' in csrfHeader())) return null;
    try {
      const response = await fetch('/auth/me', { headers: { accept: 'application/json' } });
      if (!response.ok) return null;
      const reply = (await response.json()) as { ok?: boolean; result?: { user?: { name?: unknown; role?: unknown } } };
      const user = reply.result?.user;
      return reply.ok && typeof user?.name === 'string' && isRole(user.role)
        ? { name: user.name, role: user.role }
        : null;
    } catch {
      return null;
    }
  },
  async signOut() {
    let response: Response;
    try {
      response = await fetch('/auth/logout', { method: 'POST', headers: csrfHeader() });
    } catch {
      throw new BridgeError('OFFLINE', 'The district server is not answering, so you are still signed in. Try again.');
    }
    if (!response.ok) throw new BridgeError('FORBIDDEN', 'The district server did not sign you out. Try again.');
    window.location.assign('/login');
  },
};

let api: TeamSessionApi = browserSession;

const session = (() => {
  let current: TeamUser | null = null;
  let asked = false;
  const subscribers = new Set<() => void>();
  return {
    subscribe(notify: () => void): () => void {
      subscribers.add(notify);
      if (!asked) {
        asked = true;
        const from = api;
        from.me().then(
          (user) => {
            if (from !== api) return;
            current = user;
            subscribers.forEach((each) => each());
          },
          () => undefined,
        );
      }
      return () => subscribers.delete(notify);
    },
    get: () => current,
    reset() {
      current = null;
      asked = false;
    },
  };
})();

/** For tests: stand in for the server's /auth endpoints (undefined: the real ones). */
export function setTeamSession(next: TeamSessionApi | undefined): void {
  api = next ?? browserSession;
  session.reset();
}

/** Browser team mode: who is signed in (null elsewhere, or until the server answered). */
export function useTeamUser(): TeamUser | null {
  return useSyncExternalStore(session.subscribe, session.get, () => null);
}

export function signOutOfTeam(): Promise<void> {
  return api.signOut();
}
