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
  /** Known at once, before /auth/me answers: whether a district server signed this page in. */
  onServer(): boolean;
  /** The signed-in user, or null when the page is not on a district server. */
  me(): Promise<TeamUser | null>;
  /** Ends the session on the server and leaves for the sign-in page. */
  signOut(): Promise<void>;
}

const browserSession: TeamSessionApi = {
  // Only a district server sets the CSRF cookie: a single-user page asks nothing.
  onServer: () => 'x-csrf-token' in csrfHeader(),
  async me() {
    if (!browserSession.onServer()) return null;
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

/** The user; 'asking' on a server's page until /auth/me answered; null in single-user mode. */
type Known = TeamUser | 'asking' | null;

const session = (() => {
  let answer: TeamUser | null = null;
  let answered = false;
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
            answer = user;
            answered = true;
            subscribers.forEach((each) => each());
          },
          () => undefined,
        );
      }
      return () => subscribers.delete(notify);
    },
    // Known from the first render: a server's page is limited before its user is.
    get: (): Known => (answered ? answer : api.onServer() ? 'asking' : null),
    reset() {
      answer = null;
      answered = false;
      asked = false;
    },
  };
})();

/** For tests: stand in for the server's /auth endpoints (undefined: the real ones). */
export function setTeamSession(next: TeamSessionApi | undefined): void {
  api = next ?? browserSession;
  session.reset();
}

function useKnown(): Known {
  return useSyncExternalStore(session.subscribe, session.get, () => null);
}

/** Browser team mode: who is signed in (null elsewhere, or until the server answered). */
export function useTeamUser(): TeamUser | null {
  const known = useKnown();
  return known === 'asking' ? null : known;
}

/**
 * The role that limits this page: the user's, or the least (viewer) while a server's page waits for
 * /auth/me, so nothing is offered that the role may turn out not to allow; null in single-user mode.
 */
export function useTeamRole(): Role | null {
  const known = useKnown();
  return known === 'asking' ? 'viewer' : (known?.role ?? null);
}

export function signOutOfTeam(): Promise<void> {
  return api.signOut();
}
