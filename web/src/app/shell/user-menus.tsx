import type { CurrentUser } from '@contract/auth';
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
import { NotificationBell } from '@web/features/notifications/components/notification-bell';
import { sizedSrc } from '@web/lib/media';
import { Bookmark, LogOut, Settings, Ticket, User } from 'lucide-react';
import { Link, useNavigate } from 'react-router';

/**
 * A signed-in player's menus in the header: notifications (the bell, its live count and menu, issue
 * 23) and the profile menu. A chunk of their
 * own (Radix menus and their positioning), loaded once the user is known, not in the first load.
 */
export function UserMenus({ user }: { user: CurrentUser }) {
  return (
    <>
      <NotificationBell />
      <ProfileMenu username={user.username} avatar={sizedSrc(user.avatar, user.media, 80)} />
    </>
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
          <Link to="/my-games">
            <Ticket aria-hidden="true" />
            My games
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/bookmarks">
            <Bookmark aria-hidden="true" />
            Bookmarks
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
