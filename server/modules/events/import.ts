import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { ImportEventsAnswer, ImportEventsBody } from '../../../contract';
import { EVENT_IMPORT_TEXTS, EVENT_LIMITS, importEventsBody } from '../../../contract';
import type { Ctx } from '../../context';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';
import { badRequest, forbidden, payloadTooLarge } from '../../errors';
import { fetchOutside, OutsideFetchError } from '../../lib/outside-fetch';
import { defaultTimeZone } from '../../lib/time-zone';
import { audit } from '../audit';
import type { SessionUser } from '../auth';
import type { ImportedEvent } from './parse';
import { parseInWorker } from './parse-pool';
import { can } from './policy';
import { type StoredImport, selectImported } from './queries';
import { announceEventChange, eventChanges } from './writes';
import { eventsWritten } from './written';

export { type ImportedEvent, parseICalendar, parseJsonLd, parseSource } from './parse';

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
      throw badRequest(`${EVENT_IMPORT_TEXTS.fetchFailed}: the feed answered ${res.status}`);
    return res.body.toString('utf8');
  } catch (err) {
    if (err instanceof OutsideFetchError)
      throw badRequest(`${EVENT_IMPORT_TEXTS.fetchFailed}: ${err.message}`);
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
  const writtenIds: string[] = [];
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
        if (added.length > 0) {
          answer.added++;
          writtenIds.push(added[0].id);
        } else answer.skipped++;
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
        writtenIds.push(stored.id);
      } else answer.skipped++;
    }
    // Issue 26: the saved searches are matched against what was added or updated, by one queued job.
    await eventsWritten(t, writtenIds, actorId);
    // An admin's import (not the scheduled one) is audited with what it did, in its transaction.
    if (actorId)
      await audit(t, {
        adminId: actorId,
        action: 'events.import',
        data: { source: sourceName(source), ...answer },
      });
  });
  return answer;
}

/** A source as the audit log keeps it: 'upload', or the feed's host (its address may carry a key). */
function sourceName(source: string): string {
  try {
    return new URL(source).host || source;
  } catch {
    return source.slice(0, 100);
  }
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
    if (!preset) throw badRequest(EVENT_IMPORT_TEXTS.noPreset);
    source = preset;
    text = await fetchFeed(ctx, preset);
  } else if (body.url) {
    source = body.url;
    text = await fetchFeed(ctx, body.url);
  } else {
    source = 'upload';
    text = body.ics ?? '';
  }
  // Refused before any reading: the fetch stops at this size too, an upload is checked here.
  if (Buffer.byteLength(text, 'utf8') > EVENT_LIMITS.importMaxBytes)
    throw payloadTooLarge(`${EVENT_IMPORT_TEXTS.importFailedDefault}: ${EVENT_IMPORT_TEXTS.tooLarge}`);
  const { events: list, cut } = await parseInWorker(text);
  if (list.length > EVENT_LIMITS.importMaxEvents)
    throw badRequest(
      `${EVENT_IMPORT_TEXTS.importFailedDefault}: more than ${EVENT_LIMITS.importMaxEvents} events in one source`,
    );
  const answer = await storeImported(ctx.db, source, list, admin.id);
  return cut ? { ...answer, note: EVENT_IMPORT_TEXTS.cutShort } : answer;
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
