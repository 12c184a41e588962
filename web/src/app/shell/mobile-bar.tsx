import { cn } from '@web/lib/cn';
import { Calendar, Home, type LucideIcon, MapPin, PlusSquare, User } from 'lucide-react';
import { useState } from 'react';

const TABS: { id: string; label: string; icon: LucideIcon }[] = [
  { id: 'feed', label: 'Feed', icon: Home },
  { id: 'events', label: 'Events', icon: Calendar },
  { id: 'create', label: 'Create', icon: PlusSquare },
  { id: 'map', label: 'Map', icon: MapPin },
  { id: 'profile', label: 'Profile', icon: User },
];

/** The bottom bar below md (SPEC §2): it only changes the highlighted tab, no navigation. */
export function MobileBar() {
  const [active, setActive] = useState('feed');
  return (
    <nav
      aria-label="Mobile navigation"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="grid grid-cols-5">
        {TABS.map(({ id, label, icon: Icon }) => (
          <li key={id}>
            <button
              type="button"
              aria-pressed={active === id}
              onClick={() => setActive(id)}
              className={cn(
                'flex h-16 w-full flex-col items-center justify-center gap-1 text-xs font-medium text-muted-foreground transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
                active === id && 'text-primary',
              )}
            >
              <Icon className="size-5" aria-hidden="true" />
              {label}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
