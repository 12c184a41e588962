/**
 * Time zones of events (issue 20), shared by the server (import, .ics) and the web (the form, the
 * times shown): IANA names checked with Intl, wall-clock times in a zone and back.
 */

/** An IANA time zone name the runtime knows ('America/Chicago', 'UTC'). */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The offset of `timeZone` from UTC at the instant `ms`, in ms (east positive). */
export function zoneOffsetMs(timeZone: string, ms: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(ms));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The instant of a wall-clock time in `timeZone` (month 1-based). */
export function zonedInstant(
  timeZone: string,
  t: { year: number; month: number; day: number; hour: number; minute: number; second?: number },
): Date {
  const wall = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second ?? 0);
  const first = wall - zoneOffsetMs(timeZone, wall);
  return new Date(wall - zoneOffsetMs(timeZone, first));
}

/** The wall-clock time of the instant `ms` in `timeZone`: 'YYYY-MM-DDTHH:mm:ss'. */
export function wallTime(timeZone: string, ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000 + zoneOffsetMs(timeZone, ms)).toISOString().slice(0, 19);
}

/** A `datetime-local` text ('2027-01-10T10:00') read in `timeZone`, as an ISO instant; null if unreadable. */
export function localInZoneToIso(local: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!m || !isTimeZone(timeZone)) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((v) => Number(v ?? 0));
  const d = zonedInstant(timeZone, { year, month, day, hour, minute, second });
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
