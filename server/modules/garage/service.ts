import { and, asc, count, eq } from 'drizzle-orm';
import {
  chronoVerdict,
  type EventRules,
  GARAGE_LIMITS,
  GARAGE_TEXTS,
  type MyReplica,
  type Replica,
  type ReplicaBody,
  type ReplicaClass,
  readingJoules,
  type replicaBody,
  type updateReplicaBody,
  type z,
} from '../../../contract';
import type { Db } from '../../db/client';
import { iso } from '../../db/rows';
import { userReplicas } from '../../db/schema';
import { conflict, notFound } from '../../errors';

type Row = typeof userReplicas.$inferSelect;

const present = (r: Row): Replica => ({
  id: r.id,
  name: r.name,
  replicaClass: r.replicaClass,
  fps: r.fps,
  bbWeightGrams: r.bbWeightGrams,
  joules: Math.round(readingJoules(r.fps, r.bbWeightGrams) * 1000) / 1000,
  measuredAt: r.measuredAt ? iso(r.measuredAt) : null,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

const dateOf = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null ? null : new Date(v);

export async function listReplicas(db: Db, userId: string): Promise<Replica[]> {
  const rows = await db
    .select()
    .from(userReplicas)
    .where(eq(userReplicas.userId, userId))
    .orderBy(asc(userReplicas.createdAt), asc(userReplicas.id));
  return rows.map(present);
}

export async function createReplica(
  db: Db,
  userId: string,
  body: z.output<typeof replicaBody>,
): Promise<Replica> {
  return db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(userReplicas).where(eq(userReplicas.userId, userId));
    if (n >= GARAGE_LIMITS.perPlayer) throw conflict(GARAGE_TEXTS.tooMany);
    const [row] = await tx
      .insert(userReplicas)
      .values({ ...body, userId, measuredAt: dateOf(body.measuredAt) ?? null })
      .returning();
    return present(row);
  });
}

/** Owner only: another player's id answers 404, as an unknown one. */
export async function updateReplica(
  db: Db,
  userId: string,
  id: string,
  body: z.output<typeof updateReplicaBody>,
): Promise<Replica> {
  const { measuredAt, ...rest } = body;
  const [row] = await db
    .update(userReplicas)
    .set({
      ...rest,
      ...(measuredAt !== undefined ? { measuredAt: dateOf(measuredAt) } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(userReplicas.id, id), eq(userReplicas.userId, userId)))
    .returning();
  if (!row) throw notFound(GARAGE_TEXTS.notFound);
  return present(row);
}

export async function deleteReplica(db: Db, userId: string, id: string): Promise<void> {
  const gone = await db
    .delete(userReplicas)
    .where(and(eq(userReplicas.id, id), eq(userReplicas.userId, userId)))
    .returning({ id: userReplicas.id });
  if (gone.length === 0) throw notFound(GARAGE_TEXTS.notFound);
}

/** Replicas (as read) judged against an event's limits: joules from fps and BB weight, allowed or not. */
export function judgeReplicas(
  rows: readonly {
    id: string;
    name: string;
    replicaClass: ReplicaClass;
    fps: number;
    bbWeightGrams: number;
  }[],
  rules: EventRules | null,
): MyReplica[] {
  return rows.map((r) => {
    const v = chronoVerdict(rules, r.replicaClass, readingJoules(r.fps, r.bbWeightGrams));
    return {
      id: r.id,
      name: r.name,
      replicaClass: r.replicaClass,
      joules: v.joules,
      limitJoules: v.limitJoules,
      allowed: v.pass,
    };
  });
}

export type { ReplicaBody };
