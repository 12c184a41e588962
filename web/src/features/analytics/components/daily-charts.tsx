import type { AnalyticsDay } from '@contract/analytics';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

interface Line {
  key: Exclude<keyof AnalyticsDay, 'date'>;
  label: string;
  color: string;
}

const CHARTS: { title: string; lines: Line[] }[] = [
  {
    title: 'Sessions and page views per day',
    lines: [
      { key: 'sessions', label: 'Sessions', color: '#22c55e' },
      { key: 'pageViews', label: 'Page views', color: '#3b82f6' },
    ],
  },
  {
    title: 'New posts and registrations per day',
    lines: [
      { key: 'newPosts', label: 'New posts', color: '#f59e0b' },
      { key: 'registrations', label: 'Registrations', color: '#ec4899' },
    ],
  },
];

const HEIGHT = 200;

/** One uPlot line chart; the canvas is drawn in the text colour of its container. */
function Chart({ daily, lines, title }: { daily: AnalyticsDay[]; lines: Line[]; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ink = getComputedStyle(el).color || '#888';
    const grid = { stroke: 'rgba(128,128,128,0.2)' };
    const xs = daily.map((d) => Date.parse(`${d.date}T00:00:00Z`) / 1000);
    let plot: uPlot | null = null;
    try {
      plot = new uPlot(
        {
          width: Math.max(el.clientWidth, 240),
          height: HEIGHT,
          legend: { show: false },
          cursor: { show: true },
          scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
          axes: [
            { stroke: ink, grid },
            { stroke: ink, grid },
          ],
          series: [{}, ...lines.map((l) => ({ label: l.label, stroke: l.color, width: 2 }))],
        },
        [xs, ...lines.map((l) => daily.map((d) => d[l.key]))],
        el,
      );
    } catch {
      // No canvas (an old browser, a test DOM): the figures stay readable in the lists.
      return;
    }
    const resize = new ResizeObserver(() =>
      plot?.setSize({ width: Math.max(el.clientWidth, 240), height: HEIGHT }),
    );
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot?.destroy();
    };
  }, [daily, lines]);
  return (
    <figure className="space-y-2">
      <figcaption className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <span className="font-medium">{title}</span>
        {lines.map((l) => (
          <span key={l.key} className="inline-flex items-center gap-1.5 text-muted-foreground">
            <span
              aria-hidden="true"
              className="inline-block size-2.5 rounded-full"
              style={{ background: l.color }}
            />
            {l.label}: {daily.reduce((n, d) => n + d[l.key], 0)}
          </span>
        ))}
      </figcaption>
      <div ref={box} role="img" aria-label={title} className="w-full overflow-hidden text-muted-foreground" />
    </figure>
  );
}

/** The daily series as two line charts; this module (and uPlot) loads only in the admin view. */
export default function DailyCharts({ daily }: { daily: AnalyticsDay[] }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {CHARTS.map((c) => (
        <Chart key={c.title} daily={daily} lines={c.lines} title={c.title} />
      ))}
    </div>
  );
}
