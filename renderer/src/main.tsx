import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { ServerDataProvider } from './data/ServerDataProvider';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ServerDataProvider>
      <App />
    </ServerDataProvider>
  </StrictMode>,
);
