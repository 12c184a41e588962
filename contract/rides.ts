import { text, uuid } from './common';
import { z } from './messages';

/**
 * Carpools (issue 26, "Getting there"): a board per event where a player registered (or
 * waitlisted) on it offers a ride (`offer`: from a place and a rough location, a departure time,
 * seats) or asks for one (`ask`: seats wanted). Others request to join; the ride's owner accepts or
 * declines; accepted seats never exceed the ride's. The owner's and a passenger's contact (their
 * username and the note they typed) are shown to each other only once accepted. Only the event
 * page's lazily loaded Carpools section and the server import this module.
 */

export const RIDE_KINDS = ['offer', 'ask'] as const;
export type RideKind = (typeof RIDE_KINDS)[number];
export const RIDE_REQUEST_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type RideRequestStatus = (typeof RIDE_REQUEST_STATUSES)[number];

export const RIDE_LIMITS = {
  placeMax: 120,
  noteMax: 300,
  seatsMin: 1,
  seatsMax: 8,
  /** Rides one player may have on one event at once. */
  perPlayer: 3,
  /** Locations are kept rough: rounded to this many decimals (about a kilometre). */
  coordinateDecimals: 2,
} as const;

const seats = z.number().int().min(RIDE_LIMITS.seatsMin).max(RIDE_LIMITS.seatsMax);
const note = text().trim().max(RIDE_LIMITS.noteMax);

/** POST /api/events/{id}/rides: an offer needs its departure time; an ask may leave it out. */
export const createRideBody = z
  .object({
    kind: z.enum(RIDE_KINDS),
    fromPlace: text().trim().min(1).max(RIDE_LIMITS.placeMax),
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
    departsAt: z.iso.datetime({ offset: true }).nullable().optional(),
    seats,
    /** How to reach the owner (a phone, a meeting point): shown to accepted passengers only. */
    note: note.optional(),
  })
  .refine((b) => b.kind !== 'offer' || !!b.departsAt, {
    message: 'An offer needs its departure time',
    path: ['departsAt'],
  });
export type CreateRideBody = z.input<typeof createRideBody>;

/** POST /api/rides/{rideId}/requests: seats wanted (an offer) or offered (an ask), and a contact note. */
export const rideRequestBody = z.object({ seats: seats.default(1), note: note.optional() });
export type RideRequestBody = z.input<typeof rideRequestBody>;

/** POST /api/ride-requests/{requestId}/respond. */
export const respondRideBody = z.object({ accept: z.boolean() });
export type RespondRideBody = z.infer<typeof respondRideBody>;

export const rideParams = z.object({ rideId: uuid() });
export const rideRequestParams = z.object({ requestId: uuid() });

/** Someone's contact, shown only to the people they travel with (accepted) and to themselves. */
export const rideContact = z.object({
  id: z.uuid(),
  username: z.string(),
  note: z.string().nullable(),
});
export type RideContact = z.infer<typeof rideContact>;

/** A request to join a ride, as the viewer may see it: the owner sees all, a player their own. */
export const rideRequest = z.object({
  id: z.uuid(),
  seats: z.number().int(),
  status: z.enum(RIDE_REQUEST_STATUSES),
  /** The viewer's own request. */
  mine: z.boolean(),
  /** The requester's contact: for the owner once accepted, and for the requester themselves. */
  contact: rideContact.nullable(),
  canRespond: z.boolean(),
  createdAt: z.string(),
});
export type RideRequest = z.infer<typeof rideRequest>;

export const ride = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  kind: z.enum(RIDE_KINDS),
  fromPlace: z.string(),
  /** Rough (RIDE_LIMITS.coordinateDecimals). */
  lat: z.number(),
  lng: z.number(),
  departsAt: z.string().nullable(),
  seats: z.number().int(),
  seatsTaken: z.number().int(),
  seatsLeft: z.number().int(),
  /** Great-circle distance to the event in km (whole), or null when the event has no coordinates. */
  distanceKm: z.number().nullable(),
  /** The viewer's own ride. */
  mine: z.boolean(),
  /** The owner's contact: for themselves and their accepted passengers, else null. */
  contact: rideContact.nullable(),
  requests: z.array(rideRequest),
  canDelete: z.boolean(),
  canRequest: z.boolean(),
  canRespond: z.boolean(),
  createdAt: z.string(),
});
export type Ride = z.infer<typeof ride>;

/** GET /api/events/{id}/rides: the board, and whether the viewer may post on it. */
export const ridesAnswer = z.object({ rides: z.array(ride), canPost: z.boolean() });
export type RidesAnswer = z.infer<typeof ridesAnswer>;

export const RIDES_TEXTS = {
  title: 'Carpools',
  intro:
    'Share a ride to the game: offer seats or ask for a lift. Contacts are shown once a request is accepted.',
  loadFailed: 'Could not load the carpools.',
  loading: 'Loading the carpools…',
  empty: 'No rides yet.',
  signInToSee: 'Sign in to see the carpools.',
  registerToPost: 'Register for this event to offer or ask for a ride.',
  offerRide: 'Offer a ride',
  askRide: 'Ask for a ride',
  kindLabels: { offer: 'Offering a ride', ask: 'Looking for a ride' } as Record<RideKind, string>,
  fromPlace: 'From',
  useMyLocation: 'Use my location',
  locationSet: 'Your location is set (rounded to about a kilometre)',
  pickPlace: 'Pick your town from the suggestions, or use your location',
  departsAt: 'Departure',
  seatsOffered: 'Seats offered',
  seatsWanted: 'Seats wanted',
  note: 'Contact note (shown once accepted)',
  post: 'Post',
  cancel: 'Cancel',
  delete: 'Remove',
  requestSeat: 'Request a seat',
  offerLift: 'Offer a lift',
  requestSent: 'Request sent',
  accept: 'Accept',
  decline: 'Decline',
  seatsLeft: (n: number) => `${n} ${n === 1 ? 'seat' : 'seats'} left`,
  seatsCount: (n: number) => `${n} ${n === 1 ? 'seat' : 'seats'}`,
  kmAway: (km: number) => `${km} km from the event`,
  someone: 'A player',
  statusLabels: { pending: 'Pending', accepted: 'Accepted', declined: 'Declined' } as Record<
    RideRequestStatus,
    string
  >,
  yours: 'Yours',
  posted: 'Ride posted',
  removed: 'Ride removed',
  failed: 'Something went wrong',
  // Refusals (the API's messages)
  notFound: 'Ride not found',
  requestNotFound: 'Request not found',
  notOnEvent: 'Only players registered for this event may use its carpools',
  ownRide: 'This is your own ride',
  alreadyRequested: 'You already asked to join this ride',
  alreadyAnswered: 'This request was already answered',
  notEnoughSeats: 'Not enough seats left',
  tooMany: `At most ${RIDE_LIMITS.perPlayer} rides per player on one event`,
  eventPast: 'This event has already started',
  // Notifications (the server writes the sentence)
  notice: {
    requested: (who: string, event: string) => `${who} asked to join your carpool for ${event}`,
    accepted: (who: string, event: string) => `${who} accepted you in their carpool for ${event}`,
    declined: (event: string) => `Your carpool request for ${event} was declined`,
    cancelled: (event: string) => `A carpool of yours for ${event} was cancelled`,
    withdrawn: (who: string, event: string) => `${who} left your carpool for ${event}`,
  },
} as const;
