import { ADMIN_TEXTS } from '@contract/admin';
import { FIELD_TEXTS } from '@contract/fields';
import { REPORT_TEXTS } from '@contract/reports';
import { ComingSoon } from '@web/components/page';
import { Button } from '@web/components/ui/button';
import {
  ArrowLeft,
  Ban,
  BarChart3,
  CalendarCog,
  ChevronRight,
  Flag,
  GraduationCap,
  LandPlot,
  type LucideIcon,
  Newspaper,
  ScrollText,
  ShieldAlert,
  Store,
  Tags,
  UserCog,
} from 'lucide-react';
import { type ComponentType, useEffect, useRef } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useOpenReportCount } from '../api/reports';

export type AdminView =
  | 'tutorial'
  | 'events'
  | 'news'
  | 'stores'
  | 'fields'
  | 'catalog'
  | 'posts'
  | 'analytics'
  | 'blocked-words'
  | 'admins'
  | 'reports'
  | 'audit-log';

interface Tile {
  view: AdminView;
  title: string;
  description: string;
  icon: LucideIcon;
}

/** The tools behind the tiles, composed by the app from the features (web/src/app/admin-dashboard.tsx). */
export type AdminTools = Partial<Record<AdminView, ComponentType>>;

/** SPEC §2 Admin section: the dashboard tiles, in the spec's order. */
export const ADMIN_TILES: readonly Tile[] = [
  {
    view: 'tutorial',
    title: ADMIN_TEXTS.addTutorial,
    description: 'Publish a video or article tutorial',
    icon: GraduationCap,
  },
  {
    view: 'events',
    title: ADMIN_TEXTS.manageEvents,
    description: 'Create, import and remove events',
    icon: CalendarCog,
  },
  {
    view: 'news',
    title: ADMIN_TEXTS.manageNews,
    description: 'Write and edit news articles',
    icon: Newspaper,
  },
  {
    view: 'posts',
    title: ADMIN_TEXTS.moderatePosts,
    description: 'Review community posts and remove abuse',
    icon: ShieldAlert,
  },
  {
    view: 'analytics',
    title: ADMIN_TEXTS.viewAnalytics,
    description: 'Sessions, searches, locations and post activity',
    icon: BarChart3,
  },
  {
    view: 'blocked-words',
    title: ADMIN_TEXTS.manageBlockedWords,
    description: 'Words that posts and comments may not use',
    icon: Ban,
  },
  {
    view: 'admins',
    title: ADMIN_TEXTS.manageAdmins,
    description: 'Grant and revoke the admin role',
    icon: UserCog,
  },
  {
    view: 'reports',
    title: REPORT_TEXTS.reports,
    description: 'Reported content and players, most reported first',
    icon: Flag,
  },
  {
    view: 'audit-log',
    title: REPORT_TEXTS.auditLog,
    description: 'Every admin action and organisers’ event changes: who, what, when and why',
    icon: ScrollText,
  },
  {
    view: 'stores',
    title: ADMIN_TEXTS.manageStores,
    description: 'Add, edit and remove stores in the locator',
    icon: Store,
  },
  {
    view: 'fields',
    title: FIELD_TEXTS.manageFields,
    description: FIELD_TEXTS.manageFieldsDescription,
    icon: LandPlot,
  },
  {
    view: 'catalog',
    title: ADMIN_TEXTS.manageCatalog,
    description: 'Products, vendor prices and price-list imports',
    icon: Tags,
  },
];

/** The dashboard's path; each tool is at `/admin/<view>` (issue 20). */
export const ADMIN_PATH = '/admin';
const toolPath = (view: AdminView) => `${ADMIN_PATH}/${view}`;
const isAdminView = (value: string | undefined): value is AdminView =>
  ADMIN_TILES.some((t) => t.view === value);

/**
 * The admin dashboard: tiles that link to a tool at `/admin/<tool>` (the `tool` route parameter);
 * every tool has a Back to Dashboard link. Focus follows the switch: to the tool's heading on
 * open, back to its tile on return. An unknown tool's address goes to the dashboard.
 */
export function AdminSection({ tools = {} }: { tools?: AdminTools }) {
  const { tool } = useParams();
  const location = useLocation();
  const view = isAdminView(tool) ? tool : null;
  /** The tool the dashboard was left for, when it came back from it by its Back to Dashboard link. */
  const from = (location.state as { adminTool?: AdminView } | null)?.adminTool;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const tileRefs = useRef(new Map<AdminView, HTMLAnchorElement>());

  useEffect(() => {
    if (view) headingRef.current?.focus();
    else if (from) tileRefs.current.get(from)?.focus();
  }, [view, from]);

  if (tool !== undefined && !view) return <Navigate to={ADMIN_PATH} replace />;
  const tile = view ? ADMIN_TILES.find((t) => t.view === view) : undefined;
  if (tile) {
    // Tools not built yet say 'Coming soon'.
    const Tool = tools[tile.view];
    return (
      <section aria-labelledby="admin-view-heading" className="space-y-6">
        <div className="flex flex-wrap items-center gap-3">
          <Button asChild variant="outline">
            <Link to={ADMIN_PATH} state={{ adminTool: tile.view }}>
              <ArrowLeft aria-hidden="true" />
              {ADMIN_TEXTS.backToDashboard}
            </Link>
          </Button>
          <h2
            id="admin-view-heading"
            ref={headingRef}
            tabIndex={-1}
            className="text-xl font-semibold tracking-tight outline-none"
          >
            {tile.title}
          </h2>
        </div>
        {Tool ? <Tool /> : <ComingSoon />}
      </section>
    );
  }

  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Admin tools">
      {ADMIN_TILES.map(({ view: v, title, description, icon: Icon }) => (
        <li key={v}>
          <Link
            to={toolPath(v)}
            ref={(el) => {
              if (el) tileRefs.current.set(v, el);
              else tileRefs.current.delete(v);
            }}
            aria-describedby={`admin-tile-${v}`}
            className="group flex h-full w-full items-center gap-4 rounded-xl border border-border bg-card p-5 text-left text-card-foreground shadow-sm transition-colors outline-none hover:border-primary/60 hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold">{title}</span>
              {v === 'reports' ? <OpenReportCount /> : null}
              <span id={`admin-tile-${v}`} className="block text-sm text-muted-foreground">
                {description}
              </span>
            </span>
            <ChevronRight
              className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
              aria-hidden="true"
            />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The Reports tile's open count (subjects with open reports); nothing while loading or on error. */
function OpenReportCount() {
  const count = useOpenReportCount();
  if (!count.data) return null;
  const n = count.data.open;
  return (
    <span
      className={
        n > 0
          ? 'mt-1 inline-block rounded-full bg-destructive px-2 py-0.5 text-xs font-medium text-destructive-foreground'
          : 'mt-1 inline-block text-xs text-muted-foreground'
      }
    >
      {n === 0 ? 'No open reports' : `${n} open`}
    </span>
  );
}
