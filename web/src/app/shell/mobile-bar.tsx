import { requestCompose } from '@web/features/posts/compose-request';
import { useUser } from '@web/lib/auth';
import { authPath } from '@web/lib/safe-next';
import { Calendar, Home, type LucideIcon, MapPin, PlusSquare, User } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { isCurrent } from '../sections';

const tabClass =
  'flex h-16 w-full flex-col items-center justify-center gap-1 text-xs font-medium text-muted-foreground transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset aria-[current=page]:text-primary';

function TabContent({ icon: Icon, label }: { icon: LucideIcon; label: string }) {
  return (
    <>
      <Icon className="size-5" aria-hidden="true" />
      {label}
    </>
  );
}

function TabLink({
  to,
  icon,
  label,
  current,
}: {
  to: string;
  icon: LucideIcon;
  label: string;
  current: boolean;
}) {
  return (
    <Link to={to} className={tabClass} aria-current={current ? 'page' : undefined}>
      <TabContent icon={icon} label={label} />
    </Link>
  );
}

/**
 * The bottom bar below md (SPEC §2's five tabs; issue 20 makes them navigate): Feed (/), Events
 * (/events), Create (the Create New Post dialog, on the feed; /auth first when signed out), Map
 * (/fields) and Profile (your profile, or /auth). The tab of the current page is marked.
 */
export function MobileBar() {
  const { user } = useUser();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const here = `${pathname}${search}`;
  const profile = user ? `/profile/${encodeURIComponent(user.username)}` : null;

  const create = () => {
    // The dialog lives in the feed: it opens there, where the new post then shows.
    if (pathname !== '/') navigate('/');
    requestCompose();
  };

  return (
    <nav
      aria-label="Mobile navigation"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="grid grid-cols-5">
        <li>
          <TabLink to="/" icon={Home} label="Feed" current={pathname === '/'} />
        </li>
        <li>
          <TabLink
            to="/events"
            icon={Calendar}
            label="Events"
            current={isCurrent({ path: '/events' }, pathname)}
          />
        </li>
        <li>
          {user ? (
            <button type="button" className={tabClass} onClick={create}>
              <TabContent icon={PlusSquare} label="Create" />
            </button>
          ) : (
            <Link to={authPath(here)} className={tabClass}>
              <TabContent icon={PlusSquare} label="Create" />
            </Link>
          )}
        </li>
        <li>
          <TabLink
            to="/fields"
            icon={MapPin}
            label="Map"
            current={isCurrent({ path: '/fields' }, pathname)}
          />
        </li>
        <li>
          <TabLink
            to={profile ?? authPath(here)}
            icon={User}
            label="Profile"
            current={profile !== null && decodeURIComponentSafe(pathname) === decodeURIComponentSafe(profile)}
          />
        </li>
      </ul>
    </nav>
  );
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
