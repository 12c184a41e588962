import './styles.css';
import { initTheme } from '@web/lib/theme';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import { preloadFirstRender } from './app/router';

// The stored theme goes on <html> before the first render (CSP allows no inline script).
initTheme();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// index.html holds the prerendered markup of / (scripts/prerender-shell.mjs): the first commit
// replaces it, so it waits for what that page renders instead of a spinner (/auth: its chunk; /:
// the feed's cards when the HTML carried its first page, decision 018; the shell and the home
// page are in this file). A chunk that fails to load renders anyway: its lazy page shows the
// error boundary.
preloadFirstRender(window.location.pathname)
  .catch(() => {})
  .then(render);

const app = (
  <StrictMode>
    <AppRoot />
  </StrictMode>
);

function render() {
  // A page the server rendered for this request (/, /auth and /profile/{username}, decision 020)
  // is the browser's first commit to the letter: React takes it over (hydration, in slices) instead of
  // building the same DOM again. Should it differ after all, React renders that part anew.
  const page = document.getElementById('prerendered-page');
  // From here on React handles the page's events (during hydration it replays those it gets
  // before a part is hydrated); the browser tests wait for this mark before they click.
  document.documentElement.dataset.app = 'started';
  if (page) {
    // In a transition too: hydrating the whole page is then done in slices, not one long task.
    startTransition(() => {
      hydrateRoot(page, app);
    });
    return;
  }
  // The first render is a transition: React renders it in slices that leave the main thread free
  // between them (the prerendered markup stays on screen until the commit), instead of one long
  // task for the shell, the home page and the 20 cards of an embedded feed page (decision 018).
  const root = createRoot(container as HTMLElement);
  startTransition(() => root.render(app));
}
