import { useEffect, useState } from 'react';
import { VIEWS, viewFromHash, type ViewId } from './routes';
import { useAppStore } from './state/appStore';
import { ViewPlaceholder } from './views/placeholder/ViewPlaceholder';

function useHashView(): ViewId {
  const [view, setView] = useState<ViewId>(() => viewFromHash(window.location.hash));
  useEffect(() => {
    const onChange = () => setView(viewFromHash(window.location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return view;
}

export function App() {
  const view = useHashView();
  const { info, error, load } = useAppStore();
  useEffect(() => {
    void load();
  }, [load]);
  const current = VIEWS.find((v) => v.id === view)!;

  return (
    <div className="app">
      <header className="app-header">
        <span className="app-name">District Recon</span>
        {info?.sandbox && (
          <span className="badge badge-sandbox" title="Data comes from the built-in sandbox service, not your district">
            Sandbox data
          </span>
        )}
        <span className="app-header-spacer" />
        {info && <span className="app-version">v{info.version}</span>}
      </header>
      <nav className="app-nav" aria-label="Views">
        <ul>
          {VIEWS.map((v) => (
            <li key={v.id}>
              <a href={`#/${v.id}`} aria-current={v.id === view ? 'page' : undefined}>
                {v.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="app-main" id="main">
        {error && (
          <div role="alert" className="banner banner-error">
            {error}
          </div>
        )}
        <ViewPlaceholder title={current.title} info={info} />
      </main>
    </div>
  );
}
