import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, firstPageReady } from './app/App.tsx';
import './app/styles.css';
// The served report pages (api/src/site-pages/served-page.ts) are painted before the app's chunks load: their
// styles come with the first stylesheet, or the report moves when its chunk's arrive (layout shift).
import './features/situation/situation.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
// The first render as a transition: React then renders in slices of a few milliseconds and lets the
// browser answer between them, instead of one task of hundreds of milliseconds on a phone (Total
// Blocking Time, docs/performance.md). The app shell of index.html stays painted meanwhile, and
// until the first page's code is there (firstPageReady).
void firstPageReady.then(() =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }),
);
