import { Button } from '@web/components/ui/button';
import { HeaderSearch } from '@web/features/search/components/header-search';
import { useUser } from '@web/lib/auth';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';

const UserMenus = lazy(() => import('./user-menus').then((m) => ({ default: m.UserMenus })));

/** The menus' place while their code loads: two icon buttons' width, so nothing moves. */
const MenusPlaceholder = () => <span className="block h-10 w-[5.25rem]" aria-hidden="true" />;

/** The header of every shell page: logo, search (for everyone), theme, and the user's menus. */
export function Header() {
  const { user, isLoading } = useUser();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="flex h-16 items-center gap-3 px-4 md:px-6">
        <Logo />
        <HeaderSearch />
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
