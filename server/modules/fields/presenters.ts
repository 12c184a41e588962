import type { Field, FieldEvent } from '../../../contract';
import { iso } from '../../db/rows';
import type { SessionUser } from '../auth';
import { can } from './policy';
import type { FieldRow, UpcomingEventRow } from './queries';

/**
 * The fields module's presenters: the rows Drizzle infers from the schema (queries.ts) to the
 * contract's shapes, with the viewer's abilities (policy.ts).
 */

/** The one Field presenter: the row, the viewer's rating (and near me, the distance) and abilities. */
export function presentField(row: FieldRow, viewer: SessionUser | null): Field {
  const { field: r } = row;
  const viewerRating = viewer && 'viewerRating' in row ? row.viewerRating : null;
  const count = r.ratingCount;
  const field: Field = {
    id: r.id,
    name: r.name,
    type: r.type,
    address: r.address,
    lat: r.lat,
    lng: r.lng,
    phone: r.phone,
    website: r.website,
    image: r.image,
    verified: r.verified,
    rating: r.rating,
    ratingAverage: count > 0 ? r.ratingSum / count : null,
    ratingCount: count,
    viewerRating,
    rules: r.rules ?? null,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    canRate: can(viewer, 'rate', { viewerRating }),
    canEdit: can(viewer, 'edit'),
    canDelete: can(viewer, 'delete'),
    canVerify: can(viewer, 'verify'),
  };
  if ('distance' in row && row.distance !== null) field.distance = Math.round(row.distance * 10) / 10;
  return field;
}

export const presentFieldEvent = (e: UpcomingEventRow): FieldEvent => ({
  id: e.id,
  title: e.title,
  date: iso(e.date),
  type: e.type,
  location: e.location,
  capacity: e.capacity,
  registeredCount: e.registeredCount,
});
