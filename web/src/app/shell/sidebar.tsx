import { Button } from '@web/components/ui/button';
import { Settings } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { NavGroups } from './nav-list';

/**
 * The left navigation (SPEC §2), md and up, 16rem wide: links to each section's and page's path
 * (issue 20), the current one marked; Admin Dashboard only for admins.
 */
export function Sidebar() {
  const { pathname } = useLocation();
  return (
    <aside
      aria-label="Sidebar"
      className="sticky top-16 hidden h-[calc(100vh-4rem)] w-sidebar shrink-0 flex-col border-r border-border bg-card/40 md:flex"
    >
      <nav aria-label="Main navigation" className="flex-1 space-y-6 overflow-y-auto px-3 py-5">
        <NavGroups />
      </nav>
      <div className="border-t border-border p-3">
        <Button asChild variant="outline" className="w-full justify-start gap-3">
          <Link to="/settings" aria-current={pathname === '/settings' ? 'page' : undefined}>
            <Settings aria-hidden="true" />
            Settings
          </Link>
        </Button>
      </div>
    </aside>
  );
}
