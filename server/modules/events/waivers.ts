import { createHash } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { EventRules, SignedWaiver, WaiverAnswers, WaiverSetting, WaiverState } from '../../../contract';
import {
  ageOn,
  CHECKIN_TEXTS,
  EVENT_TEXTS,
  FIELD_TEXTS,
  WAIVER_LIMITS,
  WAIVER_TEXTS,
  waiverAnswers,
  wallTime,
} from '../../../contract';
import type { Db } from '../../db/client';
import { iso } from '../../db/rows';
import { events, eventWaivers, fields, fieldWaivers, waiverSignatures } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { audit } from '../audit';
import type { SessionUser } from '../auth';
import { requireOrganiser } from './organisers';

/**
 * Waivers (issue 25): an event's own waiver, else its field's; a new text raises the version; a
 * player accepts the text required when registering (its version and SHA-256, the time and the
 * answers kept); a signature of another text is outdated (the player signs again at check-in).
 */

export const hashText = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export interface RequiredWaiver {
  source: 'event' | 'field';
  version: number;
  text: string;
  textHash: string;
}

/** The event's facts a waiver needs, with the waiver it requires now (or null); undefined: no such event. */
export async function selectEventWaiver(db: Db, eventId: string) {
  const [row] = await db
    .select({
      title: events.title,
      date: events.date,
      timeZone: events.timeZone,
      rules: events.rules,
      own: { version: eventWaivers.version, text: eventWaivers.text, textHash: eventWaivers.textHash },
      field: { version: fieldWaivers.version, text: fieldWaivers.text, textHash: fieldWaivers.textHash },
    })
    .from(events)
    .leftJoin(eventWaivers, eq(eventWaivers.eventId, events.id))
    .leftJoin(fieldWaivers, eq(fieldWaivers.fieldId, events.fieldId))
    .where(eq(events.id, eventId));
  if (!row) return undefined;
  const waiver: RequiredWaiver | null = row.own
    ? { source: 'event', ...row.own }
    : row.field
      ? { source: 'field', ...row.field }
      : null;
  return { title: row.title, date: row.date, timeZone: row.timeZone, rules: row.rules, waiver };
}
export type EventWaiverFacts = NonNullable<Awaited<ReturnType<typeof selectEventWaiver>>>;

/** The event's day (YYYY-MM-DD) in its own time zone. */
const eventDay = (date: Date, timeZone: string) => {
  try {
    return wallTime(timeZone || 'UTC', date.getTime()).slice(0, 10);
  } catch {
    return date.toISOString().slice(0, 10);
  }
};

/**
 * The answers checked against the event: a date of birth before the event; at least the rules'
 * minimum age on its day (else a 400 that says the age); under 18, a guardian's name and phone.
 */
export function checkWaiverAnswers(
  input: WaiverAnswers,
  e: { date: Date; timeZone: string; rules: EventRules | null },
) {
  const answers = waiverAnswers.parse(input);
  const day = eventDay(e.date, e.timeZone);
  if (answers.dateOfBirth > day)
    throw badRequest(WAIVER_TEXTS.bornInFuture, { 'waiver.dateOfBirth': [WAIVER_TEXTS.bornInFuture] });
  const age = ageOn(answers.dateOfBirth, day);
  const minimum = e.rules?.minimumAge ?? null;
  if (minimum !== null && age < minimum) {
    const message = WAIVER_TEXTS.tooYoung(minimum);
    throw badRequest(message, { 'waiver.dateOfBirth': [message] });
  }
  const minor = age < WAIVER_LIMITS.adultAge;
  if (minor && (!answers.guardianName || !answers.guardianPhone)) {
    const errors: Record<string, string[]> = {};
    if (!answers.guardianName) errors['waiver.guardianName'] = [WAIVER_TEXTS.guardianRequired];
    if (!answers.guardianPhone) errors['waiver.guardianPhone'] = [WAIVER_TEXTS.guardianRequired];
    throw badRequest(WAIVER_TEXTS.guardianRequired, errors);
  }
  return {
    fullName: answers.fullName,
    dateOfBirth: answers.dateOfBirth,
    // An adult's guardian is not kept: nobody asked for it.
    guardianName: minor ? (answers.guardianName ?? null) : null,
    guardianPhone: minor ? (answers.guardianPhone ?? null) : null,
  };
}

/**
 * Called by the registration in its transaction, the event row locked: when the event requires a
 * waiver, a player taking a new place must send the answers (else 400); answers sent are checked
 * and the signature of the current text recorded (a player already on the event signs again so).
 * A squad's confirmation (squads.ts) asks the same, in its own transaction (signWaiverOnSquad).
 */
export async function signWaiverOnRegistration(
  tx: Db,
  user: SessionUser,
  eventId: string,
  answers: WaiverAnswers | undefined,
  /** Whether the player may go without answers (asked only when the event requires a waiver): already on the event. */
  alreadyOnEvent: (required: RequiredWaiver) => Promise<boolean>,
): Promise<void> {
  const facts = await selectEventWaiver(tx, eventId);
  if (!facts?.waiver) return;
  if (!answers) {
    if (await alreadyOnEvent(facts.waiver)) return;
    throw badRequest(WAIVER_TEXTS.required, { waiver: [WAIVER_TEXTS.required] });
  }
  await recordSignature(tx, eventId, user.id, facts, facts.waiver, answers, null);
}

/**
 * The signature of the text required now: the answers checked against the event, then its
 * version, SHA-256, the time and the answers kept (once per text), with the witness at the gate.
 */
async function recordSignature(
  db: Db,
  eventId: string,
  userId: string,
  facts: EventWaiverFacts,
  waiver: RequiredWaiver,
  answers: WaiverAnswers,
  witnessedBy: string | null,
): Promise<void> {
  const checked = checkWaiverAnswers(answers, facts);
  await db
    .insert(waiverSignatures)
    .values({
      eventId,
      userId,
      eventTitle: facts.title,
      eventDate: facts.date,
      source: waiver.source,
      version: waiver.version,
      textHash: waiver.textHash,
      witnessedBy,
      ...checked,
    })
    .onConflictDoNothing();
}

/**
 * A player signs at the gate on an organiser's phone (the caller checks the organiser and the
 * registration): the text required now, which must be the version the device showed (409
 * otherwise, or when the event requires none); same answers and minor rules as registering.
 */
export async function signWaiverAsWitness(
  db: Db,
  eventId: string,
  userId: string,
  witnessId: string,
  version: number,
  answers: WaiverAnswers,
): Promise<void> {
  const facts = await selectEventWaiver(db, eventId);
  if (!facts) throw notFound(EVENT_TEXTS.eventNotFound);
  if (!facts.waiver) throw conflict(CHECKIN_TEXTS.noWaiverRequired);
  if (facts.waiver.version !== version) throw conflict(CHECKIN_TEXTS.waiverVersionChanged);
  await recordSignature(db, eventId, userId, facts, facts.waiver, answers, witnessId);
}

/**
 * A squad member confirming their place (or the leader who puts themself in the squad): as a
 * registration, the answers are required unless the player has signed the current text already;
 * run in the confirmation's transaction, so a refusal leaves neither the confirmation nor a signature.
 */
export const signWaiverOnSquad = (tx: Db, user: SessionUser, eventId: string, answers?: WaiverAnswers) =>
  signWaiverOnRegistration(tx, user, eventId, answers, async (required) => {
    const [row] = await tx
      .select({ id: waiverSignatures.id })
      .from(waiverSignatures)
      .where(
        and(
          eq(waiverSignatures.eventId, eventId),
          eq(waiverSignatures.userId, user.id),
          eq(waiverSignatures.textHash, required.textHash),
        ),
      )
      .limit(1);
    return !!row;
  });

/** A player's state on an event from their latest signature (hash) and the waiver required now. */
export function waiverStateOf(required: { textHash: string } | null, signedHash: string | null): WaiverState {
  if (!required) return 'not-required';
  if (!signedHash) return 'missing';
  return signedHash === required.textHash ? 'signed' : 'outdated';
}

// ---------------------------------------------------------------------------------------------
// Setting a waiver

/** The upsert's version: kept when the text is the same, raised when it changed. */
const nextVersion = (table: typeof eventWaivers | typeof fieldWaivers, hash: string) =>
  sql`CASE WHEN ${table.textHash} = ${hash} THEN ${table.version} ELSE ${table.version} + 1 END`;

/** An event's waiver set or removed, in the audit log with its actor (an admin or an organiser), as the event's other writes. */
const auditWaiver = (tx: Db, user: SessionUser | null, eventId: string, textHash: string | null) =>
  user
    ? audit(tx, {
        adminId: user.id,
        action: 'event.update',
        subjectType: 'event',
        subjectId: eventId,
        data: { changed: ['waiver'], textHash },
      })
    : Promise.resolve();

/** GET /api/events/{id}/waiver (organisers): the event's own waiver and the field's it would inherit. */
export async function eventWaiverSetting(
  db: Db,
  user: SessionUser | null,
  eventId: string,
): Promise<WaiverSetting> {
  await requireOrganiser(db, user, eventId);
  const [row] = await db
    .select({
      own: { version: eventWaivers.version, text: eventWaivers.text, updatedAt: eventWaivers.updatedAt },
      field: { version: fieldWaivers.version, text: fieldWaivers.text },
    })
    .from(events)
    .leftJoin(eventWaivers, eq(eventWaivers.eventId, events.id))
    .leftJoin(fieldWaivers, eq(fieldWaivers.fieldId, events.fieldId))
    .where(eq(events.id, eventId));
  return {
    waiver: row?.own ? { ...row.own, updatedAt: iso(row.own.updatedAt) } : null,
    inherited: row?.field ?? null,
  };
}

/** PUT /api/events/{id}/waiver (organisers): the text; a changed text makes a new version. */
export async function setEventWaiver(
  db: Db,
  user: SessionUser | null,
  eventId: string,
  text: string,
): Promise<WaiverSetting> {
  await requireOrganiser(db, user, eventId);
  const textHash = hashText(text);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx
      .insert(eventWaivers)
      .values({ eventId, text, textHash, updatedBy: user?.id })
      .onConflictDoUpdate({
        target: eventWaivers.eventId,
        set: {
          text,
          textHash,
          version: nextVersion(eventWaivers, textHash),
          updatedBy: user?.id,
          updatedAt: sql`now()`,
        },
      });
    await auditWaiver(tx, user, eventId, textHash);
  });
  return eventWaiverSetting(db, user, eventId);
}

/** DELETE /api/events/{id}/waiver (organisers): no own waiver (the field's, if any, applies again). */
export async function removeEventWaiver(
  db: Db,
  user: SessionUser | null,
  eventId: string,
): Promise<WaiverSetting> {
  await requireOrganiser(db, user, eventId);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const removed = await tx
      .delete(eventWaivers)
      .where(eq(eventWaivers.eventId, eventId))
      .returning({ eventId: eventWaivers.eventId });
    if (removed.length > 0) await auditWaiver(tx, user, eventId, null);
  });
  return eventWaiverSetting(db, user, eventId);
}

/** GET /api/fields/{id}/waiver (anyone: it is shown before registering anyway). */
export async function fieldWaiverSetting(db: Db, fieldId: string): Promise<WaiverSetting> {
  const [row] = await db
    .select({
      id: fields.id,
      version: fieldWaivers.version,
      text: fieldWaivers.text,
      updatedAt: fieldWaivers.updatedAt,
    })
    .from(fields)
    .leftJoin(fieldWaivers, eq(fieldWaivers.fieldId, fields.id))
    .where(eq(fields.id, fieldId));
  if (!row) throw notFound(FIELD_TEXTS.fieldNotFound);
  return {
    waiver:
      row.version !== null && row.text !== null && row.updatedAt !== null
        ? { version: row.version, text: row.text, updatedAt: iso(row.updatedAt) }
        : null,
  };
}

/** PUT /api/admin/fields/{id}/waiver (admins): the field's text, inherited by its events without their own. */
export async function setFieldWaiver(
  db: Db,
  admin: SessionUser,
  fieldId: string,
  text: string | null,
): Promise<WaiverSetting> {
  if (admin.role !== 'admin') throw forbidden();
  await fieldWaiverSetting(db, fieldId);
  const textHash = text === null ? null : hashText(text);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    if (text === null || textHash === null)
      await tx.delete(fieldWaivers).where(eq(fieldWaivers.fieldId, fieldId));
    else
      await tx
        .insert(fieldWaivers)
        .values({ fieldId, text, textHash, updatedBy: admin.id })
        .onConflictDoUpdate({
          target: fieldWaivers.fieldId,
          set: {
            text,
            textHash,
            version: nextVersion(fieldWaivers, textHash),
            updatedBy: admin.id,
            updatedAt: sql`now()`,
          },
        });
    await audit(tx, {
      adminId: admin.id,
      action: 'field.update',
      subjectType: 'field',
      subjectId: fieldId,
      data: { changed: ['waiver'], textHash },
    });
  });
  return fieldWaiverSetting(db, fieldId);
}

// ---------------------------------------------------------------------------------------------
// A player's own

/** GET /api/user/waivers: the viewer's signatures, newest first, each saying whether the event's text changed since. */
export async function listOwnWaivers(db: Db, user: SessionUser): Promise<SignedWaiver[]> {
  const s = waiverSignatures;
  const list = await db
    .select({
      id: s.id,
      eventId: s.eventId,
      eventTitle: s.eventTitle,
      eventDate: s.eventDate,
      version: s.version,
      textHash: s.textHash,
      fullName: s.fullName,
      dateOfBirth: s.dateOfBirth,
      guardianName: s.guardianName,
      guardianPhone: s.guardianPhone,
      signedAt: s.signedAt,
      current: sql<string | null>`coalesce(
        (SELECT w.text_hash FROM event_waivers w WHERE w.event_id = waiver_signatures.event_id),
        (SELECT f.text_hash FROM field_waivers f JOIN events e ON e.field_id = f.field_id
          WHERE e.id = waiver_signatures.event_id))`,
    })
    .from(s)
    .where(eq(s.userId, user.id))
    .orderBy(desc(s.signedAt), desc(s.id))
    .limit(200);
  return list.map(({ current, ...r }) => ({
    ...r,
    eventDate: iso(r.eventDate),
    signedAt: iso(r.signedAt),
    outdated: r.eventId !== null && current !== null && current !== r.textHash,
  }));
}
