import { EVENT_RADII, EVENT_TYPES, type EventType } from '@contract/events';

/**
 * The Events view's find filters (issue 26), all in the address: `/events?from=..&to=..&near=..
 * &radius=..&type=..&placesLeft=true&beginner=true&replicasAllowed=true`, plus `when` (the choice
 * that made from/to) and `place` (the typed place's label). Reading is lenient: anything invalid
 * is left out.
 */

export const WHEN_CHOICES = ['any', 'weekend', 'week', 'dates'] as const;
export type When = (typeof WHEN_CHOICES)[number];
export const WHEN_LABELS: Record<When, string> = {
  any: 'Any time',
  weekend: 'This weekend',
  week: 'Next 7 days',
  dates: 'Dates…',
};

export interface FindFilters {
  when: When;
  from?: string;
  to?: string;
  near?: string;
  /** The place typed (its label), or absent for "my location". */
  place?: string;
  radius?: number;
  type?: EventType;
  placesLeft: boolean;
  beginner: boolean;
  replicasAllowed: boolean;
}

export const EMPTY_FILTERS: FindFilters = {
  when: 'any',
  placesLeft: false,
  beginner: false,
  replicasAllowed: false,
};
export const DEFAULT_RADIUS = 50;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const NEAR = /^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/;

/** A local day as YYYY-MM-DD. */
export function dayOf(date: Date): string {
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${m}-${d}`;
}

/** "This weekend" (Saturday and Sunday; on a Sunday, today only) and "next 7 days" (today and 6 more), from `today`. */
export function whenRange(when: When, today: Date): { from?: string; to?: string } {
  const at = (n: number) => dayOf(new Date(today.getFullYear(), today.getMonth(), today.getDate() + n));
  if (when === 'week') return { from: at(0), to: at(6) };
  if (when === 'weekend') {
    const dow = today.getDay(); // 0 Sunday .. 6 Saturday
    if (dow === 0) return { from: at(0), to: at(0) };
    return { from: at(dow === 6 ? 0 : 6 - dow), to: at(7 - dow) };
  }
  return {};
}

/** The filters in an address (lenient). */
export function readFilters(params: URLSearchParams): FindFilters {
  const get = (k: string) => params.get(k) ?? undefined;
  const from = get('from');
  const to = get('to');
  const near = get('near');
  const radius = Number(get('radius'));
  const typeText = get('type')?.toLowerCase();
  const whenText = get('when') as When | undefined;
  const hasDates = (from && DAY.test(from)) || (to && DAY.test(to));
  const when: When =
    whenText && WHEN_CHOICES.includes(whenText) && whenText !== 'any' ? whenText : hasDates ? 'dates' : 'any';
  return {
    when,
    from: from && DAY.test(from) ? from : undefined,
    to: to && DAY.test(to) ? to : undefined,
    near: near && NEAR.test(near) ? near : undefined,
    place: near && NEAR.test(near) ? get('place') : undefined,
    radius: near && (EVENT_RADII as readonly number[]).includes(radius) ? radius : undefined,
    type: EVENT_TYPES.find((t) => t.toLowerCase() === typeText),
    placesLeft: get('placesLeft') === 'true',
    beginner: get('beginner') === 'true',
    replicasAllowed: get('replicasAllowed') === 'true',
  };
}

/** The filters written into `current` (other keys, like `view`, kept). */
export function writeFilters(filters: FindFilters, current = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (k: string, v: string | undefined | false) => {
    if (v) next.set(k, v);
    else next.delete(k);
  };
  const hasRange = filters.when !== 'any' && !!(filters.from || filters.to);
  set('when', hasRange && filters.when !== 'dates' ? filters.when : undefined);
  set('from', hasRange ? filters.from : undefined);
  set('to', hasRange ? filters.to : undefined);
  set('near', filters.near);
  set('place', filters.near ? filters.place : undefined);
  set('radius', filters.near && filters.radius ? String(filters.radius) : undefined);
  set('type', filters.type);
  set('placesLeft', filters.placesLeft && 'true');
  set('beginner', filters.beginner && 'true');
  set('replicasAllowed', filters.replicasAllowed && 'true');
  return next;
}

/** True when any filter narrows the list (the type tab aside). */
export const isFiltering = (f: FindFilters) =>
  !!(f.from || f.to || (f.near && f.radius) || f.placesLeft || f.beginner || f.replicasAllowed);

/**
 * How many filters narrow the list (the phone's "Filters (n)"): the dates, the distance, places
 * left, beginner-friendly, my replicas allowed; the type is a tab of its own.
 */
export const activeFilterCount = (f: FindFilters) =>
  [!!(f.from || f.to), !!(f.near && f.radius), f.placesLeft, f.beginner, f.replicasAllowed].filter(Boolean)
    .length;

/** GET /api/events' parameters for the filters (the saved search's too). */
export function apiParams(f: FindFilters): Record<string, string | undefined> {
  return {
    type: f.type,
    from: f.from,
    to: f.to,
    near: f.near,
    radius: f.near && f.radius ? String(f.radius) : undefined,
    placesLeft: f.placesLeft ? 'true' : undefined,
    beginner: f.beginner ? 'true' : undefined,
    replicasAllowed: f.replicasAllowed ? 'true' : undefined,
  };
}

/** A saved search's filters (the API's strings), without the empty ones. */
export function savedFilters(f: FindFilters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(apiParams(f))) if (v) out[k] = v;
  return out;
}
