import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { KeyboardHelp } from './components/KeyboardHelp';
import { OpeningScreen } from './components/OpeningScreen';
import { ServerBadge } from './components/ServerBadge';
import { useOpening, useReadsFollowWorkplace, useServerStatus } from './desktopHost';
import { useShortcuts } from './hooks/useShortcuts';
import { VIEWS, navigate, routeFromHash, type Route } from './routes';
import { reads } from './data/queries';
import { useSync } from './data/sync';
import { useTeamUser } from './teamSession';
import { describeError } from './errors';
import { BankView } from './views/bank/BankView';
import { BatchesView } from './views/batches/BatchesView';
import { ChangesView } from './views/changes/ChangesView';
import { ChartOfAccountsView } from './views/chart-of-accounts/ChartOfAccountsView';
import { GlBatchesView } from './views/gl-batches/GlBatchesView';
import { OverviewView } from './views/overview/OverviewView';
import { PaymentsView } from './views/payments/PaymentsView';
import { SettingsView } from './views/settings/SettingsView';
import { TransactionsView } from './views/transactions/TransactionsView';
import { MonthView } from './views/month/MonthView';
import { DistrictView } from './views/district/DistrictView';

function useHashRoute(): Route {
  const [route, setRoute] = useState<Route>(() => routeFromHash(window.location.hash));
  useEffect(() => {
    const onChange = () => setRoute(routeFromHash(window.location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}

function CurrentView({ route }: { route: Route }) {
  switch (route.view) {
    case 'overview':
      return <OverviewView />;
    case 'batches':
      return <BatchesView key={route.itemId ?? 'list'} itemId={route.itemId} />;
    case 'gl-batches':
      return <GlBatchesView />;
    case 'transactions':
      return <TransactionsView key={route.itemId ?? 'list'} itemId={route.itemId} />;
    case 'changes':
      return <ChangesView key={route.itemId ?? 'list'} focus={route.itemId} />;
    case 'chart-of-accounts':
      return <ChartOfAccountsView />;
    case 'settings':
      return <SettingsView />;
    case 'bank':
      return <BankView key={route.itemId ?? 'list'} itemId={route.itemId} />;
    case 'month':
      // Every school's month (the District view) until a school is chosen.
      return route.itemId ? <MonthView key={route.itemId} itemId={route.itemId} /> : <DistrictView />;
    case 'payments':
      return <PaymentsView />;
  }
}

/**
 * A number key opens its view; when the keyboard was on the view list, the focus ring moves to the
 * view opened, so it never marks one view while another shows.
 */
function goToView(id: (typeof VIEWS)[number]['id']): void {
  const nav = document.querySelector('.app-nav');
  const onNav = nav !== null && nav.contains(document.activeElement);
  navigate(id);
  if (onNav) nav.querySelector<HTMLAnchorElement>(`a[href="#/${id}"]`)?.focus();
}

export function App() {
  const route = useHashRoute();
  const app = useQuery(reads.appInfo());
  const info = app.data;
  const syncing = useSync().running;
  const opening = useOpening();
  const server = useServerStatus();
  const team = useTeamUser();
  useReadsFollowWorkplace(server);
  const [helpOpen, setHelpOpen] = useState(false);

  const viewKeys = Object.fromEntries(VIEWS.map((view) => [view.key, () => goToView(view.id)]));
  useShortcuts({ ...viewKeys, '?': () => setHelpOpen(true) });

  return (
    <div className="app">
      <a
        href="#main"
        className="skip-link"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      <header className="app-header">
        <span className="app-name">District Recon</span>
        {info?.sandbox && (
          <span className="badge badge-sandbox" title="Data comes from the built-in sandbox service, not your district">
            Sandbox data
          </span>
        )}
        <ServerBadge status={server} team={team} />
        {syncing && (
          <span className="badge badge-syncing" role="status">
            Syncing…
          </span>
        )}
        <span className="app-header-spacer" />
        <button type="button" className="button button-quiet" onClick={() => setHelpOpen(true)} aria-keyshortcuts="?">
          Keyboard shortcuts <kbd>?</kbd>
        </button>
        {info && <span className="app-version">v{info.version}</span>}
      </header>
      <nav className="app-nav" aria-label="Views">
        <ul>
          {VIEWS.map((v) => (
            <li key={v.id}>
              <a href={`#/${v.id}`} aria-current={v.id === route.view ? 'page' : undefined} aria-keyshortcuts={v.key}>
                <span>{v.title}</span>
                <kbd className="nav-key" aria-hidden="true">
                  {v.key}
                </kbd>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="app-main" id="main" tabIndex={-1}>
        {app.isError && (
          <div role="alert" className="banner banner-error">
            {describeError(app.error)}
          </div>
        )}
        {opening ? <OpeningScreen progress={opening} /> : <CurrentView route={route} />}
      </main>
      <KeyboardHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}
