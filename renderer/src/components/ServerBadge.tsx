import { useState } from 'react';
import type { ServerStatus } from '../../../shared/desktopHost';
import { describeError } from '../errors';
import { signOutOfTeam, type TeamUser } from '../teamSession';

type OnServer = Extract<ServerStatus, { mode: 'server' }>;

/** "Signed in to recon.district.org as Ana Ruiz (approver)". */
export function signedInText(status: OnServer): string {
  return `Signed in to ${new URL(status.url).host} as ${status.name} (${status.role})`;
}

/**
 * In the header, on a district server: whose data this is and who acts on it. The desktop names the
 * server (it could be on its own data instead) and signs out in Settings; a browser page can only be
 * on the server it came from, so it names the user and signs out here. On single-user data there is
 * nothing to say.
 */
export function ServerBadge({ status, team }: { status: ServerStatus | null; team?: TeamUser | null }) {
  if (status?.mode !== 'server') return team ? <TeamBadge user={team} /> : null;
  if (!status.signedIn) {
    return (
      <a href="#/settings" className="badge badge-sandbox">
        Session on {new URL(status.url).host} ended: sign in again
      </a>
    );
  }
  return (
    <span className="badge badge-syncing" title="Every view shows and changes the district server’s data">
      {signedInText(status)}
    </span>
  );
}

function TeamBadge({ user }: { user: TeamUser }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <span className="badge badge-syncing">
        Signed in as {user.name} ({user.role})
      </span>
      <button
        type="button"
        className="button button-quiet"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setError(null);
          signOutOfTeam().catch((failure: unknown) => {
            setBusy(false);
            setError(describeError(failure));
          });
        }}
      >
        {busy ? 'Signing out…' : 'Sign out'}
      </button>
      {error && (
        <span role="alert" className="field-error">
          {error}
        </span>
      )}
    </>
  );
}
