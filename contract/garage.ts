import { text, uuid } from './common';
import { DEFAULT_CHRONO_BB_G, type EventRules, event, fpsToJoules } from './events';
import { z } from './messages';

export const REPLICA_CLASSES = ['aeg', 'dmr', 'sniper'] as const;
export type ReplicaClass = (typeof REPLICA_CLASSES)[number];
/** On GET /api/events/{id} for a signed-in viewer: each garage replica against this event's limits. */
export const myReplica = z.object({
  id: z.uuid(),
  name: z.string(),
  replicaClass: z.enum(REPLICA_CLASSES),
  joules: z.number(),
  limitJoules: z.number().nullable(),
  allowed: z.boolean(),
});
export type MyReplica = z.infer<typeof myReplica>;
/**
 * GET /api/events/{id}'s answer: the event, with the viewer's garage when signed in (issue 25).
 * Kept out of contract/events.ts, whose values the home page's first chunk carries whole.
 */
export const eventWithReplicas = event.extend({ myReplicas: z.array(myReplica).optional() });
export type EventWithReplicas = z.infer<typeof eventWithReplicas>;

/**
 * Chrono classes and the garage (issue 25): a player's replicas with their last chrono reading,
 * and the pure verdict the gate and the event page both use.
 */

export const REPLICA_CLASS_LABELS: Record<ReplicaClass, string> = {
  aeg: 'AEG / GBB',
  dmr: 'DMR',
  sniper: 'Bolt-action sniper',
};

export const GARAGE_LIMITS = { nameMax: 80, perPlayer: 50 } as const;

/** Rounding slack: a reading exactly at the limit (computed from its fps) passes. */
const AT_LIMIT_EPSILON = 1e-6;

/** The event's limit in joules for a class, or null when its rules state none. */
export function limitJoulesFor(
  rules: EventRules | null | undefined,
  replicaClass: ReplicaClass,
): number | null {
  return rules?.classes?.[replicaClass]?.joules ?? null;
}

/** `{joules, limitJoules, pass}`: a value exactly at the limit passes; no stated limit passes. */
export function chronoVerdict(
  rules: EventRules | null | undefined,
  replicaClass: ReplicaClass,
  joules: number,
): { joules: number; limitJoules: number | null; pass: boolean } {
  return verdictAgainst(limitJoulesFor(rules, replicaClass), joules);
}

/** The verdict against a limit already looked up (the gate's device keeps the limits, not the rules). */
export function verdictAgainst(
  limitJoules: number | null,
  joules: number,
): { joules: number; limitJoules: number | null; pass: boolean } {
  const pass = limitJoules === null || joules <= limitJoules + AT_LIMIT_EPSILON;
  return { joules: Math.round(joules * 10_000) / 10_000, limitJoules, pass };
}

/** Joules of a reading: fps with the BB weight used (default 0.20 g). */
export const readingJoules = (fps: number, bbWeightGrams: number = DEFAULT_CHRONO_BB_G): number =>
  fpsToJoules(fps, bbWeightGrams);

const fps = z.number().positive().max(1000);
const bbWeightGrams = z.number().min(0.1).max(0.6);

export const replicaBody = z.object({
  name: text().trim().min(1).max(GARAGE_LIMITS.nameMax),
  replicaClass: z.enum(REPLICA_CLASSES),
  fps,
  bbWeightGrams: bbWeightGrams.default(DEFAULT_CHRONO_BB_G),
  /** ISO date (or date-time) of the last chrono reading. */
  measuredAt: z.iso.datetime({ offset: true }).or(z.iso.date()).nullable().default(null),
});
export type ReplicaBody = z.input<typeof replicaBody>;
export const updateReplicaBody = replicaBody.partial();

export const replica = z.object({
  id: z.uuid(),
  name: z.string(),
  replicaClass: z.enum(REPLICA_CLASSES),
  fps: z.number(),
  bbWeightGrams: z.number(),
  joules: z.number(),
  measuredAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Replica = z.infer<typeof replica>;

export const replicaIdParams = z.object({ id: uuid() });

export const GARAGE_TEXTS = {
  title: 'My garage',
  intro:
    'Your replicas with their last chrono reading: event pages then tell you whether each is within the limits.',
  empty: 'No replicas yet.',
  add: 'Add replica',
  save: 'Save',
  cancel: 'Cancel',
  edit: 'Edit',
  remove: 'Delete',
  name: 'Name',
  replicaClass: 'Class',
  fps: 'fps',
  bbWeight: 'BB weight (g)',
  measuredAt: 'Chrono date',
  notFound: 'Replica not found',
  tooMany: `At most ${GARAGE_LIMITS.perPlayer} replicas`,
  loadFailed: 'Could not load your garage.',
  eventHeading: 'Your replicas at this event',
  within: 'Within this event’s limits',
  over: 'Over this event’s limit',
  noLimit: 'No limit stated for this class',
} as const;
