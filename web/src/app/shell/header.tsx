import { COMMON_TEXTS } from '@contract/common';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { useLogout } from '@web/features/auth/api/logout';
import { HeaderSearch } from '@web/features/search/components/header-search';
import { useUser } from '@web/lib/auth';
import { sizedSrc } from '@web/lib/media';
import { Bell, LogOut, Settings, User } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';

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
            <>
              <NotificationsMenu />
              <ProfileMenu username={user.username} avatar={sizedSrc(user.avatar, user.media, 80)} />
            </>
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

function NotificationsMenu() {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Notifications">
          <Bell aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-72">
        <DropdownMenuLabel>{COMMON_TEXTS.notifications}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <p className="px-2 py-6 text-center text-sm text-muted-foreground">{COMMON_TEXTS.noNotifications}</p>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function ProfileMenu({ username, avatar }: { username: string; avatar: string | null }) {
  const navigate = useNavigate();
  const logout = useLogout({ onSuccess: () => navigate('/auth') });
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Profile menu" className="rounded-full">
          <UserAvatar username={username} src={avatar} className="size-8" fallbackClassName="text-xs" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="truncate">{username}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={`/profile/${encodeURIComponent(username)}`}>
            <User aria-hidden="true" />
            Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/settings">
            <Settings aria-hidden="true" />
            Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
