import { BrowserRouter } from 'react-router';
import { Providers } from './providers';
import { AppRoutes } from './router';
import { ErrorBoundary } from './shell/route-error';

/** The whole app in the browser: main.tsx renders it, and the prerender test compares its first commit. */
export function AppRoot() {
  return (
    <BrowserRouter>
      <Providers>
        <ErrorBoundary>
          <AppRoutes />
        </ErrorBoundary>
      </Providers>
    </BrowserRouter>
  );
}
