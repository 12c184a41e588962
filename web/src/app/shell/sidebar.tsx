import { Button } from '@web/components/ui/button';
import { useUser } from '@web/lib/auth';
import { cn } from '@web/lib/cn';
import {
  Calendar,
  Crosshair,
  GraduationCap,
  Home,
  type LucideIcon,
  MapPin,
  Newspaper,
  Settings,
  Shield,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { type Section, useSection, useSwitchSection } from '../section';

interface SectionEntry {
  label: string;
  icon: LucideIcon;
  section: Section;
}
interface LinkEntry {
  label: string;
  icon: LucideIcon;
  to: string;
}
type Entry = SectionEntry | LinkEntry;

const MAIN: Entry[] = [
  { label: 'Feed', icon: Home, section: 'feed' },
  { label: 'Events', icon: Calendar, section: 'events' },
  { label: 'Teams', icon: Users, to: '/teams' },
  { label: 'Rate Gear', icon: Crosshair, to: '/gear' },
  { label: 'Store Locator', icon: MapPin, section: 'locator' },
];
const DISCOVER: Entry[] = [
  { label: 'News', icon: Newspaper, section: 'news' },
  { label: 'Tutorials', icon: GraduationCap, section: 'tutorials' },
];
const ADMIN: Entry[] = [{ label: 'Admin Dashboard', icon: Shield, section: 'admin' }];

const itemClass =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:bg-primary/12 aria-[current=page]:text-primary';

/** The left navigation (SPEC §2), md and up, 16rem wide. Admin Dashboard only for admins. */
export function Sidebar() {
  const { user } = useUser();
  const isAdmin = user?.canAccessAdmin ?? false;
  return (
    <aside
      aria-label="Sidebar"
      className="sticky top-16 hidden h-[calc(100vh-4rem)] w-sidebar shrink-0 flex-col border-r border-border bg-card/40 md:flex"
    >
      <nav aria-label="Main navigation" className="flex-1 space-y-6 overflow-y-auto px-3 py-5">
        <Group title="Main" entries={MAIN} />
        <Group title="Discover" entries={DISCOVER} />
        {isAdmin ? <Group title="Admin" entries={ADMIN} /> : null}
      </nav>
      <div className="border-t border-border p-3">
        <Button asChild variant="outline" className="w-full justify-start gap-3">
          <Link to="/settings">
            <Settings aria-hidden="true" />
            Settings
          </Link>
        </Button>
      </div>
    </aside>
  );
}

function Group({ title, entries }: { title: string; entries: Entry[] }) {
  return (
    <div>
      <h2 className="mb-2 px-3 text-xs font-semibold tracking-wider text-muted-foreground/80 uppercase">
        {title}
      </h2>
      <ul className="space-y-1">
        {entries.map((entry) => (
          <li key={entry.label}>
            {'to' in entry ? <RouteItem entry={entry} /> : <SectionItem entry={entry} />}
          </li>
        ))}
      </ul>
    </div>
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

function RouteItem({ entry }: { entry: LinkEntry }) {
  const { pathname } = useLocation();
  const active = pathname === entry.to || pathname.startsWith(`${entry.to}/`);
  return (
    <Link to={entry.to} className={itemClass} aria-current={active ? 'page' : undefined}>
      <ItemContent icon={entry.icon}>{entry.label}</ItemContent>
    </Link>
  );
}

function SectionItem({ entry }: { entry: SectionEntry }) {
  const { pathname } = useLocation();
  const { section } = useSection();
  const switchSection = useSwitchSection();
  const active = pathname === '/' && section === entry.section;
  return (
    <button
      type="button"
      className={cn(itemClass, 'text-left')}
      aria-current={active ? 'page' : undefined}
      onClick={() => switchSection(entry.section)}
    >
      <ItemContent icon={entry.icon}>{entry.label}</ItemContent>
    </button>
  );
}
