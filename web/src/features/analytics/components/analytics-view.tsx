import { ANALYTICS_DEFAULT_RANGE, ANALYTICS_TEXTS, type AnalyticsRange } from '@contract/analytics';
import { ANALYTICS_RANGES } from '@contract/constants';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useQueryParam } from '@web/lib/use-query-param';
import { Clock, Users } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useAnalytics } from '../api/get-analytics';

/** uPlot and the charts load only when the report is shown (never in the first load of /). */
const DailyCharts = lazy(() => import('./daily-charts'));

const countryNames = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    return null;
  }
})();
const countryName = (code: string) => {
  try {
    return countryNames?.of(code) ?? code;
  } catch {
    return code;
  }
};

/** 125 → '2m 5s'; 42 → '42s'. */
export function formatDuration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  if (m === 0) return `${s}s`;
  const h = Math.floor(m / 60);
  return h ? `${h}h ${m % 60}m` : `${m}m ${s}s`;
}

function Stat({ label, value, icon }: { label: string; value: string; icon: ReactNode }) {
  return (
    <Card>
      <CardContent className="flex items-center gap-4 p-6">
        <span className="rounded-lg bg-primary/10 p-3 text-primary">{icon}</span>
        <div>
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="text-2xl font-bold">{value}</p>
        </div>
      </CardContent>
    </Card>
  );
}

function TopList({
  title,
  items,
  footer,
}: {
  title: string;
  items: { key: string; label: string; count: number }[];
  footer?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <h3 className="text-base font-semibold leading-none tracking-tight">{title}</h3>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{ANALYTICS_TEXTS.none}</p>
        ) : (
          <ol aria-label={title} className="space-y-2 text-sm">
            {items.map((i) => (
              <li key={i.key} className="flex items-center justify-between gap-3">
                <span className="min-w-0 truncate">{i.label}</span>
                <span className="font-semibold tabular-nums">{i.count}</span>
              </li>
            ))}
          </ol>
        )}
        {footer ? <p className="mt-4 text-xs text-muted-foreground">{footer}</p> : null}
      </CardContent>
    </Card>
  );
}

function ReportSkeleton() {
  return (
    <div data-testid="analytics-loading" className="space-y-4">
      <span className="sr-only">Loading analytics…</span>
      <div className="grid gap-4 sm:grid-cols-2">
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
      <Skeleton className="h-52" />
      <div className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-48" />
        <Skeleton className="h-48" />
      </div>
    </div>
  );
}

/**
 * SPEC §2 Admin analytics: the range switch (7d / 30d, default 7d), total sessions and average
 * duration, the daily charts, top searches, top locations, post activity and top pages.
 */
export function AnalyticsView() {
  // The range lives in the address (`/admin/analytics?range=30d`, issue 20).
  const [range, setRange] = useQueryParam<AnalyticsRange>('range', ANALYTICS_RANGES, ANALYTICS_DEFAULT_RANGE);
  const report = useAnalytics(range);
  const data = report.data;

  return (
    <div className="space-y-6">
      <fieldset className="inline-flex rounded-lg bg-muted p-1">
        <legend className="sr-only">Range</legend>
        {ANALYTICS_RANGES.map((r) => (
          <Button
            key={r}
            type="button"
            size="sm"
            variant={r === range ? 'default' : 'ghost'}
            aria-pressed={r === range}
            onClick={() => setRange(r)}
          >
            {r}
          </Button>
        ))}
      </fieldset>

      {report.isError && !data ? (
        <p role="alert" className="text-destructive">
          {ANALYTICS_TEXTS.loadFailed}
        </p>
      ) : !data ? (
        <ReportSkeleton />
      ) : (
        <div className="space-y-6" aria-busy={report.isPlaceholderData} data-range={data.range}>
          {report.isError ? (
            <p role="alert" className="text-destructive">
              {ANALYTICS_TEXTS.loadFailed}
            </p>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Stat
              label={ANALYTICS_TEXTS.totalSessions}
              value={String(data.totalSessions)}
              icon={<Users className="size-5" aria-hidden="true" />}
            />
            <Stat
              label={ANALYTICS_TEXTS.avgDuration}
              value={formatDuration(data.avgDuration)}
              icon={<Clock className="size-5" aria-hidden="true" />}
            />
          </div>
          <Card>
            <CardHeader>
              <h3 className="text-base font-semibold leading-none tracking-tight">{ANALYTICS_TEXTS.daily}</h3>
            </CardHeader>
            <CardContent>
              <Suspense fallback={<Skeleton className="h-52" />}>
                <DailyCharts daily={data.daily} />
              </Suspense>
            </CardContent>
          </Card>
          <div className="grid gap-4 md:grid-cols-2">
            <TopList
              title={ANALYTICS_TEXTS.topSearches}
              items={data.topSearches.map((s) => ({ key: s.query, label: s.query, count: s.count }))}
            />
            <TopList
              title={ANALYTICS_TEXTS.topLocations}
              items={data.topLocations.map((l) => ({
                key: l.country,
                label: countryName(l.country),
                count: l.count,
              }))}
              footer={
                <a
                  href="https://db-ip.com"
                  className="underline underline-offset-2"
                  target="_blank"
                  rel="noreferrer"
                >
                  IP Geolocation by DB-IP
                </a>
              }
            />
            <TopList
              title={ANALYTICS_TEXTS.postActivity}
              items={data.postActivity.map((a) => ({ key: a.action, label: a.action, count: a.count }))}
            />
            <TopList
              title={ANALYTICS_TEXTS.topPages}
              items={data.topPages.map((p) => ({ key: p.path, label: p.path, count: p.count }))}
            />
          </div>
        </div>
      )}
    </div>
  );
}
