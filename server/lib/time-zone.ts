import { isTimeZone } from '../../contract';

export { wallTime, zonedInstant, zoneOffsetMs } from '../../contract';

/** The time zone events get when none is given (issue 20): the server's `TZ` when it is an IANA name, else UTC. */
export function defaultTimeZone(env: Record<string, string | undefined> = process.env): string {
  const tz = env.TZ?.trim().replace(/^:/, '');
  return tz && isTimeZone(tz) ? tz : 'UTC';
}
