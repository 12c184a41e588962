import type { Ride, RideKind, RideRequest, RideRequestStatus } from '../../../contract';
import { iso } from '../../db/rows';
import { haversineKm } from '../../lib/geo';
import type { SessionUser } from '../auth';
import { can } from './policy';

/** A ride as read, with its owner's username. */
export interface RideRow {
  id: string;
  eventId: string;
  userId: string;
  username: string;
  kind: RideKind;
  fromPlace: string;
  lat: number;
  lng: number;
  departsAt: Date | null;
  seats: number;
  note: string | null;
  createdAt: Date;
}

/** A request to join a ride as read, with its player's username. */
export interface RideRequestRow {
  id: string;
  rideId: string;
  userId: string;
  username: string;
  seats: number;
  status: RideRequestStatus;
  note: string | null;
  createdAt: Date;
}

/** The event the board belongs to, and the viewer's place on it. */
export interface BoardFacts {
  lat: number | null;
  lng: number | null;
  isPast: boolean;
  onEvent: boolean;
}

/** The seats a ride's accepted requests take. */
export const seatsTaken = (requests: readonly Pick<RideRequestRow, 'seats' | 'status'>[]) =>
  requests.reduce((n, r) => n + (r.status === 'accepted' ? r.seats : 0), 0);

const contactOf = (r: { userId: string; username: string; note: string | null }) => ({
  id: r.userId,
  username: r.username,
  note: r.note,
});

/**
 * A ride as `viewer` sees it: contacts only between the owner and the passengers they accepted
 * (and each their own); the owner sees every request, a player only theirs; the distance to the
 * event in whole km; the viewer's abilities from policy.ts.
 */
export function presentRide(
  row: RideRow,
  requests: readonly RideRequestRow[],
  viewer: SessionUser,
  board: BoardFacts,
): Ride {
  const mine = row.userId === viewer.id;
  const own = requests.find((r) => r.userId === viewer.id);
  const taken = seatsTaken(requests);
  const pending = requests.filter((r) => r.status === 'pending').length;
  const facts = {
    onEvent: board.onEvent,
    isPast: board.isPast,
    ownerId: row.userId,
    seatsLeft: row.seats - taken,
    requested: !!own,
    pending,
  };
  const shown = mine ? requests : own ? [own] : [];
  return {
    id: row.id,
    eventId: row.eventId,
    kind: row.kind,
    fromPlace: row.fromPlace,
    lat: row.lat,
    lng: row.lng,
    departsAt: row.departsAt ? iso(row.departsAt) : null,
    seats: row.seats,
    seatsTaken: taken,
    seatsLeft: row.seats - taken,
    distanceKm:
      board.lat === null || board.lng === null
        ? null
        : Math.round(haversineKm({ lat: row.lat, lng: row.lng }, { lat: board.lat, lng: board.lng })),
    mine,
    contact: mine || own?.status === 'accepted' ? contactOf(row) : null,
    requests: shown.map(
      (r): RideRequest => ({
        id: r.id,
        seats: r.seats,
        status: r.status,
        mine: r.userId === viewer.id,
        contact: r.userId === viewer.id || (mine && r.status === 'accepted') ? contactOf(r) : null,
        canRespond: mine && r.status === 'pending',
        createdAt: iso(r.createdAt),
      }),
    ),
    canDelete: can(viewer, 'delete', facts),
    canRequest: can(viewer, 'request', facts),
    canRespond: can(viewer, 'respond', facts),
    createdAt: iso(row.createdAt),
  };
}
