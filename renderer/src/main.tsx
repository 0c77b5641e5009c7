import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { ServerDataProvider } from './data/ServerDataProvider';
import './styles/base.css';
import './styles/status.css';
import './styles/forms.css';
import './styles/tables.css';
import './styles/dialog.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ServerDataProvider>
      <App />
    </ServerDataProvider>
  </StrictMode>,
);
