import { Button } from '@web/components/ui/button';
import { useUser } from '@web/lib/auth';
import { cn } from '@web/lib/cn';
import { Crosshair, type LucideIcon, Settings, Trees, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useSection, useSwitchSection } from '../section';
import { HOME_SECTIONS, type Section } from '../sections';

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
type Entry = (SectionEntry | LinkEntry) & { order: number; adminOnly?: boolean };
type Group = 'Main' | 'Discover' | 'Admin';

/** The entries that go to a route of their own; the home sections come from their registry. */
const ROUTE_LINKS: (LinkEntry & { group: Group; order: number })[] = [
  { label: 'Teams', icon: Users, to: '/teams', group: 'Main', order: 30 },
  { label: 'Rate Gear', icon: Crosshair, to: '/gear', group: 'Main', order: 40 },
  { label: 'Fields', icon: Trees, to: '/fields', group: 'Discover', order: 30 },
];

function entriesOf(group: Group, isAdmin: boolean): Entry[] {
  const sections: Entry[] = HOME_SECTIONS.filter((s) => s.nav.group === group).map((s) => ({
    label: s.label,
    icon: s.icon,
    section: s.id,
    order: s.nav.order,
    adminOnly: 'adminOnly' in s ? s.adminOnly : undefined,
  }));
  const links: Entry[] = ROUTE_LINKS.filter((l) => l.group === group);
  return [...sections, ...links]
    .filter((entry) => isAdmin || !entry.adminOnly)
    .sort((a, b) => a.order - b.order);
}

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
        {(['Main', 'Discover', 'Admin'] as const).map((group) => {
          const entries = entriesOf(group, isAdmin);
          return entries.length > 0 ? <Group key={group} title={group} entries={entries} /> : null;
        })}
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
