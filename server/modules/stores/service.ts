import { and, asc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import {
  CANADIAN_REGIONS,
  countryOfRegion,
  STORE_TEXTS,
  type Store,
  type StoreCreate,
  type StorePatch,
} from '../../../contract';
import type { Db } from '../../db/client';
import { stores } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { boundingBox, haversine } from '../../lib/geo';
import { audit } from '../audit';
import type { SessionUser } from '../auth';
import { can } from './policy';

type StoreRow = typeof stores.$inferSelect;

/** The Store answer (SPEC §3) with its country (SPEC §9), the viewer's abilities, and the distance when asked. */
export function presentStore(row: StoreRow, viewer: SessionUser | null, distance?: unknown): Store {
  const store: Store = {
    id: row.id,
    name: row.name,
    region: row.region,
    country: countryOfRegion(row.region),
    address: row.address,
    phone: row.phone,
    website: row.website,
    lat: row.lat,
    lng: row.lng,
    verified: row.verified,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    canEdit: can(viewer, 'edit'),
    canDelete: can(viewer, 'delete'),
  };
  if (distance !== undefined)
    store.distance = distance === null ? null : Math.round(Number(distance) * 10) / 10;
  return store;
}

export interface StoreListOptions {
  region?: string;
  country?: 'Canada' | 'US';
  near?: { lat: number; lng: number };
  /** With `near`: only the stores within this many km (bounding box on stores_lat_lng_idx, then haversine). */
  radius?: number;
}

/**
 * Every store, by name (stores_region_name_idx serves a region); with `near`, nearest first with
 * `distance` in km, the stores without coordinates last.
 */
export async function listStores(
  db: Db,
  opts: StoreListOptions,
  viewer: SessionUser | null,
): Promise<Store[]> {
  const where: SQL[] = [];
  if (opts.region) where.push(eq(stores.region, opts.region));
  if (opts.country === 'Canada') where.push(inArray(stores.region, [...CANADIAN_REGIONS]));
  if (opts.country === 'US') where.push(notInArray(stores.region, [...CANADIAN_REGIONS]));
  const near = opts.near;
  if (!near) {
    const list = await db
      .select()
      .from(stores)
      .where(and(...where))
      .orderBy(asc(stores.name), asc(stores.id));
    return list.map((r) => presentStore(r, viewer));
  }
  const distance = haversine('stores', near.lat, near.lng);
  if (opts.radius !== undefined) {
    const box = boundingBox(near.lat, near.lng, opts.radius);
    where.push(sql`${stores.lat} BETWEEN ${box.minLat}::float8 AND ${box.maxLat}::float8`);
    if (box.minLng !== null)
      where.push(sql`${stores.lng} BETWEEN ${box.minLng}::float8 AND ${box.maxLng}::float8`);
    where.push(sql`${distance} <= ${opts.radius}::float8`);
  }
  const list = await db
    .select({ row: stores, distance: sql<number | null>`${distance}` })
    .from(stores)
    .where(and(...where))
    .orderBy(sql`${distance} ASC NULLS LAST`, asc(stores.name), asc(stores.id));
  return list.map((r) => presentStore(r.row, viewer, r.distance));
}

export async function createStore(db: Db, admin: SessionUser, body: StoreCreate): Promise<Store> {
  if (!can(admin, 'create')) throw forbidden();
  const row = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [made] = await tx.insert(stores).values(body).returning();
    await audit(tx, { adminId: admin.id, action: 'store.create', ...subjectOf(made) });
    return made;
  });
  return presentStore(row, admin);
}

/** PATCH: the fields given change; the rest stay. */
export async function updateStore(db: Db, admin: SessionUser, id: string, patch: StorePatch): Promise<Store> {
  if (!can(admin, 'edit')) throw forbidden();
  const row = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [changed] = await tx
      .update(stores)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(stores.id, id))
      .returning();
    if (!changed) throw notFound(STORE_TEXTS.storeNotFound);
    await audit(tx, { adminId: admin.id, action: 'store.update', ...subjectOf(changed, Object.keys(patch)) });
    return changed;
  });
  return presentStore(row, admin);
}

export async function deleteStore(db: Db, admin: SessionUser, id: string): Promise<void> {
  if (!can(admin, 'delete')) throw forbidden();
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [gone] = await tx
      .delete(stores)
      .where(eq(stores.id, id))
      .returning({ id: stores.id, name: stores.name });
    if (!gone) throw notFound(STORE_TEXTS.storeNotFound);
    await audit(tx, { adminId: admin.id, action: 'store.delete', ...subjectOf(gone) });
  });
}

/** What the audit log keeps of a store: its id and name, and the names of the fields an edit sent. */
const subjectOf = (row: { id: string; name: string }, changed?: string[]) => ({
  subjectType: 'store',
  subjectId: row.id,
  data: changed ? { name: row.name, changed } : { name: row.name },
});
