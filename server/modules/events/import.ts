import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import type { EventType, ImportEventsAnswer, ImportEventsBody } from '../../../contract';
import {
  EVENT_LIMITS,
  EVENT_TEXTS,
  hasControlChars,
  importEventsBody,
  isImageRef,
  isTimeZone,
  typeFromWords,
} from '../../../contract';
import type { Ctx } from '../../context';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';
import { badRequest, forbidden } from '../../errors';
import { fetchOutside, OutsideFetchError } from '../../lib/outside-fetch';
import { defaultTimeZone, zonedInstant } from '../../lib/time-zone';
import type { SessionUser } from '../auth';
import { can } from './policy';
import { type StoredImport, selectImported } from './queries';
import { announceEventChange, eventChanges } from './writes';

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

/**
 * The events of an iCalendar text. A recurring event gives its next occurrences (at most
 * `importMaxOccurrences`, within `importHorizonDays`), each with the UID `<UID>/<instant>`;
 * RECURRENCE-ID overrides replace their occurrence. Throws on text that is not iCalendar.
 */
export function parseICalendar(text: string, now = new Date()): ImportedEvent[] {
  const root = new ICAL.Component(ICAL.parse(text) as unknown as unknown[]);
  if (root.name !== 'vcalendar') throw new Error('not a VCALENDAR');
  for (const tz of root.getAllSubcomponents('vtimezone')) {
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
    if (!ev.isRecurring()) {
      const one = fromVevent(ev, uid, ev.startDate, ev.endDate);
      if (one) out.push(one);
      continue;
    }
    const it = ev.iterator();
    let taken = 0;
    for (let steps = 0; steps < 20_000 && taken < EVENT_LIMITS.importMaxOccurrences; steps++) {
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

/** The schema.org Events in an HTML page's JSON-LD scripts, or in a JSON-LD document. */
export function parseJsonLd(text: string): ImportedEvent[] {
  const docs: unknown[] = [];
  const scripts = /<script\b[^>]*type\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script\s*>/gi;
  const trimmed = text.trimStart();
  const blocks =
    trimmed.startsWith('{') || trimmed.startsWith('[')
      ? [text]
      : [...text.matchAll(scripts)].map((m) => m[1]);
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
export function parseSource(text: string, now = new Date()): ImportedEvent[] {
  const body = text.replace(/^\uFEFF/, '');
  if (/^\s*BEGIN:VCALENDAR/i.test(body)) {
    try {
      return parseICalendar(body, now);
    } catch (err) {
      throw badRequest(
        `${EVENT_TEXTS.importFailedDefault}: the calendar could not be read (${(err as Error).message})`,
      );
    }
  }
  const found = parseJsonLd(body);
  if (found.length === 0) throw badRequest(EVENT_TEXTS.importBadSource);
  return found;
}

// ---------------------------------------------------------------------------------------------
// Fetching and storing

async function fetchFeed(ctx: Ctx, url: string): Promise<string> {
  try {
    const res = await fetchOutside(url, {
      timeoutMs: EVENT_LIMITS.importTimeoutMs,
      maxBytes: EVENT_LIMITS.importMaxBytes,
      allowPrivate: ctx.config.importAllowPrivate,
      accept: 'text/calendar, application/ld+json;q=0.9, text/html;q=0.8, */*;q=0.1',
    });
    if (res.status < 200 || res.status >= 300)
      throw badRequest(`${EVENT_TEXTS.importFetchFailed}: the feed answered ${res.status}`);
    return res.body.toString('utf8');
  } catch (err) {
    if (err instanceof OutsideFetchError)
      throw badRequest(`${EVENT_TEXTS.importFetchFailed}: ${err.message}`);
    throw err;
  }
}

/** The timeZone counts only when the feed names one, so the digests of earlier imports stay the same. */
const digest = ({ timeZone, ...e }: ImportedEvent) =>
  createHash('sha256')
    .update(JSON.stringify({ ...e, ...(timeZone ? { timeZone } : {}), sequence: null, modified: null }))
    .digest('base64url');

/** Whether the incoming copy is newer: a higher SEQUENCE, a later LAST-MODIFIED, or (with neither) other content. */
function isNewer(e: ImportedEvent, s: StoredImport, hash: string): boolean {
  if (e.sequence !== null && s.sourceSequence !== null && e.sequence !== s.sourceSequence)
    return e.sequence > s.sourceSequence;
  if (e.modified && s.sourceModified) {
    const stored = s.sourceModified.getTime();
    if (e.modified.getTime() !== stored) return e.modified.getTime() > stored;
  }
  return hash !== s.sourceHash && e.sequence === null && e.modified === null;
}

/**
 * Stores a feed's events in one transaction (nothing half-stored): matched on (source, UID), a
 * new one is added, a newer one (SEQUENCE or LAST-MODIFIED) updated with its own SEQUENCE raised
 * (its registered players told when its date or place changed, `actorId` the importer),
 * anything else (unchanged, or the same UID twice in the feed) skipped.
 */
export async function storeImported(
  db: Db,
  source: string,
  list: ImportedEvent[],
  actorId: string | null = null,
): Promise<ImportEventsAnswer> {
  const answer = { added: 0, skipped: 0, updated: 0 };
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const seen = new Set<string>();
    for (const e of list) {
      if (seen.has(e.uid)) {
        answer.skipped++;
        continue;
      }
      seen.add(e.uid);
      const hash = digest(e);
      const stored = await selectImported(t, source, e.uid);
      const fields = {
        title: e.title,
        description: e.description,
        date: e.date,
        endDate: e.endDate,
        timeZone: e.timeZone ?? defaultTimeZone(),
        location: e.location,
        address: e.address,
        lat: e.lat,
        lng: e.lng,
        type: e.type,
        image: e.image,
        url: e.url,
        sourceSequence: e.sequence,
        sourceModified: e.modified,
        sourceHash: hash,
      };
      if (!stored) {
        const added = await tx
          .insert(events)
          .values({ ...fields, capacity: e.capacity, source, sourceUid: e.uid })
          .onConflictDoNothing({ target: [events.source, events.sourceUid] })
          .returning({ id: events.id });
        if (added.length > 0) answer.added++;
        else answer.skipped++;
      } else if (isNewer(e, stored, hash)) {
        const [after] = await tx
          .update(events)
          .set({ ...fields, sequence: sql`${events.sequence} + 1`, updatedAt: sql`now()` })
          .where(eq(events.id, stored.id))
          .returning({
            title: events.title,
            date: events.date,
            endDate: events.endDate,
            location: events.location,
            address: events.address,
            rules: events.rules,
          });
        await announceEventChange(t, stored.id, actorId, after, eventChanges(stored, after));
        answer.updated++;
      } else answer.skipped++;
    }
  });
  return answer;
}

/** POST /api/events/import: the preset site, a feed address, or an uploaded .ics text. */
export async function importEvents(
  ctx: Ctx,
  admin: SessionUser,
  input: ImportEventsBody,
): Promise<ImportEventsAnswer> {
  if (!can(admin, 'import')) throw forbidden();
  const body = importEventsBody.parse(input);
  let source: string;
  let text: string;
  if (body.source === 'preset') {
    const preset = ctx.config.eventsImportUrl;
    if (!preset) throw badRequest(EVENT_TEXTS.importNoPreset);
    source = preset;
    text = await fetchFeed(ctx, preset);
  } else if (body.url) {
    source = body.url;
    text = await fetchFeed(ctx, body.url);
  } else {
    source = 'upload';
    text = body.ics ?? '';
  }
  const list = parseSource(text);
  if (list.length > EVENT_LIMITS.importMaxEvents)
    throw badRequest(
      `${EVENT_TEXTS.importFailedDefault}: more than ${EVENT_LIMITS.importMaxEvents} events in one source`,
    );
  return storeImported(ctx.db, source, list, admin.id);
}

/** The preset site's name (its host) for the import selector. */
export function presetSource(ctx: Ctx): { name: string | null; url: string | null } {
  const url = ctx.config.eventsImportUrl ?? null;
  if (!url) return { name: null, url: null };
  try {
    return { name: new URL(url).hostname, url };
  } catch {
    return { name: url, url };
  }
}
