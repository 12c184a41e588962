import ICAL from 'ical.js';
import type { EventType } from '../../../contract';
import {
  EVENT_IMPORT_TEXTS,
  EVENT_LIMITS,
  hasControlChars,
  isImageRef,
  isTimeZone,
  typeFromWords,
} from '../../../contract';
import { badRequest } from '../../errors';
import { zonedInstant } from '../../lib/time-zone';

/**
 * Reading an events source (iCalendar or schema.org JSON-LD) into events, with no database: it
 * runs in a worker thread (parse-pool.ts), so that a hostile source cannot hold the server's
 * event loop (issue 24), and within a budget over the whole source.
 */

/** How much one source may cost: a deadline and a number of recurrence steps, over the whole file. */
export interface ParseBudget {
  /** Epoch milliseconds after which no more occurrences are expanded. */
  deadline: number;
  /** Recurrence steps left (all recurring events together). */
  steps: number;
  /** Set when the budget ran out and the answer is partial. */
  cut: boolean;
}

export const parseBudget = (
  timeMs: number = EVENT_LIMITS.importParseMs,
  steps: number = EVENT_LIMITS.importMaxSteps,
): ParseBudget => ({
  deadline: Date.now() + timeMs,
  steps,
  cut: false,
});

/** One event read from a feed, ready to store. */
export interface ImportedEvent {
  uid: string;
  title: string;
  description: string | null;
  date: Date;
  endDate: Date | null;
  /** The feed's time zone (iCalendar TZID) when it names an IANA zone; else null (the default). */
  timeZone: string | null;
  location: string;
  address: string | null;
  lat: number | null;
  lng: number | null;
  type: EventType;
  image: string | null;
  url: string | null;
  capacity: number;
  /** SEQUENCE (iCalendar), if given. */
  sequence: number | null;
  /** LAST-MODIFIED (iCalendar) or dateModified (schema.org), if given. */
  modified: Date | null;
}

/** Outside text made safe to store: control characters dropped, trimmed, bounded; '' is null. */
function clean(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  let v = value;
  if (hasControlChars(v)) v = [...v].filter((c) => !hasControlChars(c)).join('');
  v = v.trim().slice(0, max).trim();
  return v === '' ? null : v;
}

const link = (value: unknown) => {
  const v = clean(value, EVENT_LIMITS.url);
  return v && /^https?:\/\//i.test(v) && isImageRef(v) ? v : null;
};

const validDate = (d: Date | null | undefined) => (d && !Number.isNaN(d.getTime()) ? d : null);

const coord = (v: unknown, limit: number) => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
};

/** Title, place and date are required; anything else is dropped rather than guessed. */
function finish(
  e: Omit<ImportedEvent, 'title' | 'location' | 'lat' | 'lng'> & {
    title: unknown;
    location: unknown;
    lat: unknown;
    lng: unknown;
  },
) {
  const title = clean(e.title, EVENT_LIMITS.title);
  const location =
    clean(e.location, EVENT_LIMITS.location) ?? clean(e.address, EVENT_LIMITS.location) ?? 'TBA';
  if (!title || !validDate(e.date)) return null;
  const lat = coord(e.lat, 90);
  const lng = coord(e.lng, 180);
  // An end at or before the start is dropped (issue 20: endsAt is after date).
  const end = validDate(e.endDate);
  return {
    ...e,
    title,
    location,
    lat: lat !== null && lng !== null ? lat : null,
    lng: lat !== null && lng !== null ? lng : null,
    endDate: end && end.getTime() > (e.date as Date).getTime() ? end : null,
    timeZone: e.timeZone && isTimeZone(e.timeZone) ? e.timeZone : null,
    uid: e.uid.slice(0, 500),
  } satisfies ImportedEvent;
}

// ---------------------------------------------------------------------------------------------
// iCalendar (RFC 5545) through ical.js

const propText = (c: ICAL.Component, name: string) => {
  const v = c.getFirstPropertyValue(name);
  return v === null || v === undefined ? null : String(v);
};

function categoriesOf(c: ICAL.Component): string[] {
  return c.getAllProperties('categories').flatMap((p) => p.getValues().map(String));
}

/** The IANA zone a DTSTART names (TZID), if the runtime knows it. */
function tzidOf(c: ICAL.Component): string | null {
  const tzid = c.getFirstProperty('dtstart')?.getParameter('tzid');
  const name = typeof tzid === 'string' ? tzid.replace(/^\//, '') : null;
  return name && isTimeZone(name) ? name : null;
}

/**
 * The instant of an iCalendar time: a time whose TZID has no VTIMEZONE in the feed is read by
 * ical.js as floating (the server's clock); it is placed in its named zone instead.
 */
function instantOf(t: ICAL.Time, tzid: string | null): Date {
  if (tzid && !t.isDate && (!t.zone || t.zone.tzid === 'floating')) return zonedInstant(tzid, t);
  return t.toJSDate();
}

function fromVevent(
  ev: ICAL.Event,
  uid: string,
  start: ICAL.Time,
  end: ICAL.Time | null,
): ImportedEvent | null {
  const c = ev.component;
  const tzid = tzidOf(c);
  const geo = c.getFirstPropertyValue('geo') as unknown as [number, number] | null;
  const title = ev.summary;
  const modified = c.getFirstPropertyValue('last-modified') as ICAL.Time | null;
  const image =
    propText(c, 'image') ?? (c.getAllProperties('attach').map((p) => String(p.getFirstValue()))[0] || null);
  return finish({
    uid,
    title,
    description: clean(ev.description, EVENT_LIMITS.description),
    date: instantOf(start, tzid),
    endDate: end ? instantOf(end, tzid) : null,
    timeZone: tzid,
    location: ev.location,
    address: null,
    lat: geo ? geo[0] : null,
    lng: geo ? geo[1] : null,
    type: typeFromWords([...categoriesOf(c), title ?? '']),
    image: link(image),
    url: link(propText(c, 'url')),
    capacity: 0,
    sequence: Number.isInteger(ev.sequence) ? ev.sequence : null,
    modified: modified && typeof modified.toJSDate === 'function' ? validDate(modified.toJSDate()) : null,
  });
}

/** Whether every rule of a VTIMEZONE's observances is yearly (as real zones are). */
function yearlyRules(tz: ICAL.Component): boolean {
  for (const part of tz.getAllSubcomponents()) {
    for (const rule of part.getAllProperties('rrule')) {
      const v = rule.getFirstValue() as unknown as { freq?: string } | null;
      if (!v || v.freq !== 'YEARLY') return false;
    }
    if (part.getAllProperties('rdate').length > 400) return false;
  }
  return true;
}

/**
 * The events of an iCalendar text. A recurring event gives its next occurrences (at most
 * `importMaxOccurrences`, within `importHorizonDays`), each with the UID `<UID>/<instant>`;
 * RECURRENCE-ID overrides replace their occurrence. Throws on text that is not iCalendar.
 */
export function parseICalendar(text: string, now = new Date(), budget = parseBudget()): ImportedEvent[] {
  const root = new ICAL.Component(ICAL.parse(text) as unknown as unknown[]);
  if (root.name !== 'vcalendar') throw new Error('not a VCALENDAR');
  for (const tz of root.getAllSubcomponents('vtimezone')) {
    // Real zones change yearly: a finer rule (an hourly one is a bomb: ical.js expands it over
    // decades) takes the zone out of the calendar (ical.js would find it there), and its events are read in their TZID if it is an IANA zone.
    if (!yearlyRules(tz)) {
      root.removeSubcomponent(tz);
      continue;
    }
    const zone = new ICAL.Timezone(tz);
    if (!ICAL.TimezoneService.has(zone.tzid)) ICAL.TimezoneService.register(zone);
  }
  const vevents = root.getAllSubcomponents('vevent');
  const masters = new Map<string, ICAL.Event>();
  const exceptions: ICAL.Component[] = [];
  const out: ImportedEvent[] = [];
  for (const c of vevents) {
    const uid = propText(c, 'uid');
    if (!uid) continue;
    if (c.hasProperty('recurrence-id')) exceptions.push(c);
    else if (masters.has(uid)) {
      // The same UID twice: both are read; the second counts as a duplicate when stored.
      const ev = new ICAL.Event(c);
      const one = fromVevent(ev, uid, ev.startDate, ev.endDate);
      if (one) out.push(one);
    } else masters.set(uid, new ICAL.Event(c));
  }
  for (const c of exceptions) masters.get(propText(c, 'uid') ?? '')?.relateException(c);
  const horizon = now.getTime() + EVENT_LIMITS.importHorizonDays * 86_400_000;
  for (const [uid, ev] of masters) {
    if (!ev.startDate) continue;
    if (budget.cut || Date.now() > budget.deadline) {
      budget.cut = true;
      break;
    }
    if (!ev.isRecurring()) {
      const one = fromVevent(ev, uid, ev.startDate, ev.endDate);
      if (one) out.push(one);
      continue;
    }
    const it = ev.iterator();
    let taken = 0;
    for (let steps = 0; steps < 20_000 && taken < EVENT_LIMITS.importMaxOccurrences; steps++) {
      if (--budget.steps < 0 || ((steps & 255) === 0 && Date.now() > budget.deadline)) {
        budget.cut = true;
        break;
      }
      const next = it.next();
      if (!next) break;
      const at = next.toJSDate().getTime();
      if (at > horizon) break;
      if (at < now.getTime()) continue;
      const d = ev.getOccurrenceDetails(next);
      const one = fromVevent(
        d.item,
        `${uid}/${d.recurrenceId.toJSDate().toISOString()}`,
        d.startDate,
        d.endDate,
      );
      if (one) {
        out.push(one);
        taken++;
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// schema.org Event JSON-LD inside an HTML page (or a JSON-LD document)

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const isEventNode = (n: Json) => {
  const t = n['@type'];
  return (Array.isArray(t) ? t : [t]).some((x) => typeof x === 'string' && /Event$/.test(x));
};

function collectEvents(node: unknown, into: Json[], depth = 0): void {
  if (depth > 8) return;
  if (Array.isArray(node)) for (const n of node) collectEvents(n, into, depth + 1);
  else if (isObj(node)) {
    if (isEventNode(node)) into.push(node);
    else if (node['@graph']) collectEvents(node['@graph'], into, depth + 1);
  }
}

const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);

function fromJsonLd(n: Json): ImportedEvent | null {
  const place = first(n.location);
  let location: string | null = null;
  let address: string | null = null;
  let lat: unknown = null;
  let lng: unknown = null;
  if (typeof place === 'string') location = place;
  else if (isObj(place)) {
    const a = place.address;
    if (typeof a === 'string') address = a;
    else if (isObj(a)) {
      const country = isObj(a.addressCountry) ? str(a.addressCountry.name) : str(a.addressCountry);
      address = [a.streetAddress, a.addressLocality, a.addressRegion, a.postalCode, country]
        .map(str)
        .filter(Boolean)
        .join(', ');
      const city = [a.addressLocality, a.addressRegion].map(str).filter(Boolean).join(', ');
      location = city || null;
    }
    location ??= str(place.name);
    if (isObj(place.geo)) {
      lat = place.geo.latitude;
      lng = place.geo.longitude;
    }
  }
  const image = first(n.image);
  const name = str(n.name);
  const start = str(n.startDate);
  const uid = str(n['@id']) ?? str(first(n.identifier)) ?? `${str(n.url) ?? name}#${start}`;
  const keywords = Array.isArray(n.keywords) ? n.keywords.map(String) : [str(n.keywords) ?? ''];
  const capacity = Number(n.maximumAttendeeCapacity);
  return finish({
    uid,
    title: name,
    description: clean(str(n.description), EVENT_LIMITS.description),
    date: start ? new Date(start) : new Date(Number.NaN),
    endDate: str(n.endDate) ? new Date(str(n.endDate) as string) : null,
    timeZone: null,
    location,
    address: clean(address, EVENT_LIMITS.address),
    lat,
    lng,
    type: typeFromWords([...keywords, name ?? '']),
    image: link(isObj(image) ? image.url : image),
    url: link(n.url),
    capacity: Number.isInteger(capacity) && capacity >= 0 && capacity <= EVENT_LIMITS.capacity ? capacity : 0,
    sequence: null,
    modified: str(n.dateModified) ? validDate(new Date(str(n.dateModified) as string)) : null,
  });
}

/**
 * The contents of an HTML page's `<script type="application/ld+json">` elements, in time linear
 * in the page (issue 24: a backtracking pattern took 20 s over 128 KB of unclosed tags): every
 * search starts where the last one ended, and a tag with no end ends the scan.
 */
export function ldJsonScripts(html: string): string[] {
  const found: string[] = [];
  const open = /<script\b/gi;
  const close = /<\/script\s*>/gi;
  let at = 0;
  while (at < html.length) {
    open.lastIndex = at;
    const o = open.exec(html);
    if (!o) break;
    const gt = html.indexOf('>', o.index);
    if (gt < 0) break;
    close.lastIndex = gt + 1;
    const c = close.exec(html);
    if (!c) break;
    const tag = html.slice(o.index, gt + 1);
    if (/\stype\s*=\s*["']?application\/ld\+json\b/i.test(tag)) found.push(html.slice(gt + 1, c.index));
    at = c.index + c[0].length;
  }
  return found;
}

/** The schema.org Events in an HTML page's JSON-LD scripts, or in a JSON-LD document. */
export function parseJsonLd(text: string): ImportedEvent[] {
  const docs: unknown[] = [];
  const trimmed = text.trimStart();
  const blocks = trimmed.startsWith('{') || trimmed.startsWith('[') ? [text] : ldJsonScripts(text);
  for (const block of blocks) {
    try {
      docs.push(JSON.parse(block));
    } catch {
      // A broken block among others is skipped.
    }
  }
  const nodes: Json[] = [];
  collectEvents(docs, nodes);
  return nodes.map(fromJsonLd).filter((e): e is ImportedEvent => e !== null);
}

/** iCalendar or JSON-LD, judged from the text itself; 400 when it is neither. */
export function parseSource(text: string, now = new Date(), budget = parseBudget()): ImportedEvent[] {
  const body = text.replace(/^\uFEFF/, '');
  if (/^\s*BEGIN:VCALENDAR/i.test(body)) {
    try {
      return parseICalendar(body, now, budget);
    } catch (err) {
      throw badRequest(
        `${EVENT_IMPORT_TEXTS.importFailedDefault}: the calendar could not be read (${(err as Error).message})`,
      );
    }
  }
  const found = parseJsonLd(body);
  if (found.length === 0) throw badRequest(EVENT_IMPORT_TEXTS.badSource);
  return found;
}
