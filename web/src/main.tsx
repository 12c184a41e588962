import './styles.css';
import { replayEarlyTap } from '@web/lib/early-clicks';
import { initTheme } from '@web/lib/theme';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import { preloadFirstRender, preloadRendered } from './app/router';

// The stored theme goes on <html> before the first render (CSP allows no inline script).
initTheme();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const app = (
  <StrictMode>
    <AppRoot />
  </StrictMode>
);

// A page the server rendered for this request (/, /auth and /profile/{username}, decision 020)
// is the browser's first render to the letter: once its page's code has come, React takes it over
// (hydration) instead of building the same DOM again; should a part differ after all, React
// renders it anew. In a transition: hydration is then done in slices, not one long task. A lazy
// part of the shell (sidebar, search, the user's menus) keeps the server's markup until its code
// has come, and a click on it then hydrates it at once; the mark that tests wait for before they
// click is set when all that code is here (a click on a part whose code has not come is lost).
const page = document.getElementById('prerendered-page');
if (page) {
  const hydrated = preloadFirstRender(window.location.pathname)
    .catch(() => {})
    .then(() =>
      startTransition(() => {
        hydrateRoot(page, app);
      }),
    );
  Promise.all([hydrated, preloadRendered(window.location.pathname).catch(() => {})]).then(started);
} else {
  // index.html holds the prerendered markup of / (scripts/prerender-shell.mjs): the first commit
  // replaces it, so it waits for what that page renders instead of a spinner (/auth: its chunk;
  // /: the feed's cards when the HTML carried its first page, decision 018; the shell and the
  // home page are in this file). A chunk that fails to load renders anyway: its lazy page shows
  // the error boundary.
  preloadFirstRender(window.location.pathname)
    .catch(() => {})
    .then(render);
}

// The first render is a transition: React renders it in slices that leave the main thread free
// between them (the prerendered markup stays on screen until the commit), instead of one long
// task for the shell, the home page and the 20 cards of an embedded feed page (decision 018).
function render() {
  const root = createRoot(container as HTMLElement);
  startTransition(() => root.render(app));
  started();
}

/**
 * React handles the page's events from here on; the browser tests wait for this mark before they
 * click. A tap that boot.js held until now is replayed (issue 20: no tap lost).
 */
function started() {
  document.documentElement.dataset.app = 'started';
  void replayEarlyTap();
}
