import type { AnalyticsRange, AnalyticsReport } from '../../../contract';
import type { ChangeBus, Ctx } from '../../context';
import { ACCOUNT_DELETED } from '../../lib/change-bus';

interface Entry {
  at: number;
  settled: boolean;
  report: Promise<AnalyticsReport>;
}

/**
 * The report of each range, shared in this process: requests arriving while one is being counted
 * wait for it (one count at a time per range, however many admins ask), and the answer is kept
 * for `ttlMs` (ANALYTICS_CACHE_MS, default 5 s; 0 keeps nothing once counted). The figures are
 * exact as of their count, at most `ttlMs` plus one count's time old. A deleted account (in any
 * process on the database, through `bus`) empties it: its player leaves the figures at once.
 */
export class ReportCache {
  private readonly entries = new Map<AnalyticsRange, Entry>();

  constructor(
    readonly ttlMs = 5_000,
    private readonly bus?: ChangeBus,
  ) {
    bus?.subscribe(ACCOUNT_DELETED, () => this.entries.clear());
  }

  get(range: AnalyticsRange, count: () => Promise<AnalyticsReport>): Promise<AnalyticsReport> {
    const now = Date.now();
    const hit = this.bus && !this.bus.live ? undefined : this.entries.get(range);
    if (hit && (!hit.settled || now - hit.at < this.ttlMs)) return hit.report;
    const entry: Entry = { at: now, settled: false, report: count() };
    this.entries.set(range, entry);
    entry.report.then(
      () => {
        entry.settled = true;
        entry.at = Date.now();
        if (this.ttlMs <= 0 && this.entries.get(range) === entry) this.entries.delete(range);
      },
      () => {
        if (this.entries.get(range) === entry) this.entries.delete(range);
      },
    );
    return entry.report;
  }
}

const caches = new WeakMap<Ctx, ReportCache>();

/** The one report cache of an app (its Ctx), made on first use. */
export function reportCache(ctx: Ctx): ReportCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new ReportCache(ctx.config.analyticsCacheMs ?? 5_000, ctx.bus);
    caches.set(ctx, cache);
  }
  return cache;
}
