import { PageSpinner } from '@web/components/ui/spinner';
import { useUser } from '@web/lib/auth';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { Header } from './header';
import { MobileBar } from './mobile-bar';

// The sidebar shows from md up only: phones never need its code, wider screens get it beside the
// first paint, its column held by a placeholder of the same width.
/** Loaded only for a suspended player: its texts stay out of everyone's first paint. */
const SuspensionBanner = lazy(() =>
  import('./suspension-banner').then((m) => ({ default: m.SuspensionBanner })),
);
const Sidebar = lazy(() => import('./sidebar').then((m) => ({ default: m.Sidebar })));
const SidebarPlaceholder = () => (
  <div className="hidden w-sidebar shrink-0 border-r border-border bg-card/40 md:block" aria-hidden="true" />
);

/** The frame of every page but /auth: header, left sidebar (md+), bottom bar (below md). */
export function AppShell() {
  const { user } = useUser();
  return (
    <div className="min-h-screen bg-background">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header />
      {user?.suspendedUntil ? (
        <Suspense fallback={null}>
          <SuspensionBanner />
        </Suspense>
      ) : null}
      <div className="flex">
        <Suspense fallback={<SidebarPlaceholder />}>
          <Sidebar />
        </Suspense>
        <main id="main" className="min-w-0 flex-1 pb-24 md:pb-10">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <MobileBar />
    </div>
  );
}
