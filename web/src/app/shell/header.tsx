import { Button } from '@web/components/ui/button';
import { useUser } from '@web/lib/auth';
import { authPath } from '@web/lib/safe-next';
import { Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';

// The phone's menu sheet (Radix dialog) loads when the menu button is first pressed.
const NavSheet = lazy(() => import('./nav-sheet').then((m) => ({ default: m.NavSheet })));
const UserMenus = lazy(() => import('./user-menus').then((m) => ({ default: m.UserMenus })));
// The search combobox (cmdk, its panel and queries) loads beside the first paint.
const HeaderSearch = lazy(() =>
  import('@web/features/search/components/header-search').then((m) => ({ default: m.HeaderSearch })),
);

/** The search's place while its code loads: the mobile toggle's and the desktop field's boxes. */
function SearchPlaceholder() {
  return (
    <>
      <span className="ml-auto -mr-2 block size-11 md:hidden" aria-hidden="true" />
      <span
        className="hidden h-10 rounded-md border border-input bg-background shadow-xs md:ml-2 md:block md:max-w-md md:flex-1"
        aria-hidden="true"
      />
    </>
  );
}

/** The menus' place while their code loads: two icon buttons' width, so nothing moves. */
const MenusPlaceholder = () => (
  <span className="block h-11 w-[5.75rem] md:h-10 md:w-[5.25rem]" aria-hidden="true" />
);

/**
 * The header of every shell page: the menu button (below md: the sidebar as a sheet, issue 20),
 * logo, search (for everyone), theme, and the user's menus; Sign In comes back to this page.
 */
export function Header() {
  const { user, isLoading } = useUser();
  const { pathname, search } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="flex h-16 items-center gap-2 px-3 sm:gap-3 sm:px-4 md:px-6">
        <Button
          variant="ghost"
          size="icon"
          className="-ml-1 md:hidden"
          ref={menuButton}
          aria-label="Menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => {
            setMenuLoaded(true);
            setMenuOpen(true);
          }}
        >
          <Menu aria-hidden="true" />
        </Button>
        {menuLoaded ? (
          <Suspense fallback={null}>
            <NavSheet
              open={menuOpen}
              onOpenChange={setMenuOpen}
              onClosed={() => menuButton.current?.focus()}
            />
          </Suspense>
        ) : null}
        <Logo />
        <Suspense fallback={<SearchPlaceholder />}>
          <HeaderSearch />
        </Suspense>
        <div className="flex items-center gap-1 md:ml-auto">
          <ThemeToggle />
          {user ? (
            <Suspense fallback={<MenusPlaceholder />}>
              <UserMenus user={user} />
            </Suspense>
          ) : isLoading ? null : (
            <Button asChild size="sm" className="ml-1">
              <Link to={pathname === '/auth' ? '/auth' : authPath(`${pathname}${search}`)}>Sign In</Link>
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
