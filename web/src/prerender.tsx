import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes, preloadFirstRender } from './app/router';
import { ErrorBoundary } from './app/shell/route-error';

/**
 * The markup of /'s first commit in the browser (scripts/prerender-shell.mjs puts it in
 * index.html): main.tsx renders the same tree once the shell's and the home page's chunks have
 * come, before any answer of the API, so both show the signed-out header, the hero and the feed's
 * skeletons. The lazy parts inside (sidebar, search, cards) render their placeholders here as they
 * do there.
 */
export async function renderHome(): Promise<string> {
  await preloadFirstRender('/');
  return renderToString(
    <MemoryRouter initialEntries={['/']}>
      <Providers>
        <ErrorBoundary>
          <AppRoutes />
        </ErrorBoundary>
      </Providers>
    </MemoryRouter>,
  );
}
