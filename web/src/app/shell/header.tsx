import { Button } from '@web/components/ui/button';
import { useUser } from '@web/lib/auth';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';

const UserMenus = lazy(() => import('./user-menus').then((m) => ({ default: m.UserMenus })));
// The search combobox (cmdk, its panel and queries) loads beside the first paint.
const HeaderSearch = lazy(() =>
  import('@web/features/search/components/header-search').then((m) => ({ default: m.HeaderSearch })),
);

/** The search's place while its code loads: the mobile toggle's and the desktop field's boxes. */
function SearchPlaceholder() {
  return (
    <>
      <span className="ml-auto -mr-2 block size-10 md:hidden" aria-hidden="true" />
      <span
        className="hidden h-10 rounded-md border border-input bg-background shadow-xs md:ml-2 md:block md:max-w-md md:flex-1"
        aria-hidden="true"
      />
    </>
  );
}

/** The menus' place while their code loads: two icon buttons' width, so nothing moves. */
const MenusPlaceholder = () => <span className="block h-10 w-[5.25rem]" aria-hidden="true" />;

/** The header of every shell page: logo, search (for everyone), theme, and the user's menus. */
export function Header() {
  const { user, isLoading } = useUser();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="flex h-16 items-center gap-3 px-4 md:px-6">
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
              <Link to="/auth">Sign In</Link>
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
