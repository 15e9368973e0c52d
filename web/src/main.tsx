import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import './app/styles.css';
// The served report pages (app/served-page.ts) are painted before the app's chunks load: their
// styles come with the first stylesheet, or the report moves when its chunk's arrive (layout shift).
import './features/situation/situation.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
