import { PageSpinner } from '@web/components/ui/spinner';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Header } from './header';
import { MobileBar } from './mobile-bar';
import { Sidebar } from './sidebar';

/** The frame of every page but /auth: header, left sidebar (md+), bottom bar (below md). */
export function AppShell() {
  return (
    <div className="min-h-screen bg-background">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header />
      <div className="flex">
        <Sidebar />
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
