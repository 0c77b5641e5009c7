/**
 * A stand-in for a district server's /auth/me and /auth/logout behind renderer/src/teamSession.ts:
 * the page is in browser team mode, signed in as the user given (null: single-user mode).
 */
import type { Role } from '../../../shared/contractRoles';
import { setTeamSession } from '../../../renderer/src/teamSession';

export interface FakeTeamSession {
  signOuts: number;
  /** The next sign-out fails with this error (once). */
  failNextSignOut(error: Error): void;
}

export function useFakeTeamSession(user: { name: string; role: Role } | null): FakeTeamSession {
  let failure: Error | null = null;
  const fake: FakeTeamSession = {
    signOuts: 0,
    failNextSignOut(error) {
      failure = error;
    },
  };
  setTeamSession({
    onServer: () => user !== null,
    me: async () => user,
    async signOut() {
      fake.signOuts += 1;
      const error = failure;
      failure = null;
      if (error) throw error;
    },
  });
  return fake;
}
