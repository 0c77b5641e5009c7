import type { ServerStatus } from '../../../shared/desktopHost';

type OnServer = Extract<ServerStatus, { mode: 'server' }>;

/** "Signed in to recon.district.org as Ana Ruiz (approver)". */
export function signedInText(status: OnServer): string {
  return `Signed in to ${new URL(status.url).host} as ${status.name} (${status.role})`;
}

/**
 * In the header, while the desktop works on a district server: whose data this is and who acts on
 * it. On this computer's own data (the default) there is nothing to say.
 */
export function ServerBadge({ status }: { status: ServerStatus | null }) {
  if (status?.mode !== 'server') return null;
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
