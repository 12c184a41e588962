import { useUser } from '@web/lib/auth';
import { cn } from '@web/lib/cn';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { isCurrent, NAV_GROUPS, type NavEntry, navEntries } from '../sections';

/** A navigation entry: a link, marked aria-current on its page (and the pages under it). */
export const navItemClass =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:bg-primary/12 aria-[current=page]:text-primary';

/**
 * The groups of the navigation from the sections' registry (web/src/app/sections.tsx): Main,
 * Discover and, for admins, Admin. The sidebar (md and up) and the phone's menu sheet both show
 * it; `onNavigate` runs when an entry is chosen (the sheet closes), `itemClassName` adds to each
 * entry (the sheet's 44 px tap targets).
 */
export function NavGroups({
  onNavigate,
  itemClassName,
}: {
  onNavigate?: () => void;
  itemClassName?: string;
}) {
  const { user } = useUser();
  const isAdmin = user?.canAccessAdmin ?? false;
  return (
    <>
      {NAV_GROUPS.map((group) => {
        const entries = navEntries(group, isAdmin);
        return entries.length > 0 ? (
          <div key={group}>
            <h2 className="mb-2 px-3 text-xs font-semibold tracking-wider text-muted-foreground/80 uppercase">
              {group}
            </h2>
            <ul className="space-y-1">
              {entries.map((entry) => (
                <li key={entry.path}>
                  <NavLink entry={entry} onNavigate={onNavigate} className={itemClassName} />
                </li>
              ))}
            </ul>
          </div>
        ) : null;
      })}
    </>
  );
}

export function NavLink({
  entry,
  onNavigate,
  className,
  children,
}: {
  entry: Pick<NavEntry, 'path' | 'label' | 'icon'>;
  onNavigate?: () => void;
  className?: string;
  children?: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <Link
      to={entry.path}
      className={cn(navItemClass, className)}
      aria-current={isCurrent(entry, pathname) ? 'page' : undefined}
      onClick={onNavigate}
    >
      <ItemContent icon={entry.icon}>{children ?? entry.label}</ItemContent>
    </Link>
  );
}

function ItemContent({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <>
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span className="truncate">{children}</span>
    </>
  );
}
