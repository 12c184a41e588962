import { z } from './messages';
import { waiverAnswers } from './waivers';

/**
 * Game day (issue 25): moving a player between sides, squads (players of one team registered
 * together on one side, all or none) and their texts. Used by the event page's lazy parts and
 * the server only: nothing here is loaded at first paint.
 */

/** POST /api/events/{id}/roster/{userId}/side (organisers). */
export const moveSideBody = z.object({ sideId: z.uuid().toLowerCase() }).strict();
export type MoveSideBody = z.input<typeof moveSideBody>;

export const SQUAD_LIMITS = { maxMembers: 30 } as const;

/** POST /api/events/{id}/squads: a leader or co-leader of `teamId` for members of the team. */
export const createSquadBody = z
  .object({
    teamId: z.uuid().toLowerCase(),
    userIds: z
      .array(z.uuid().toLowerCase())
      .min(1)
      .max(SQUAD_LIMITS.maxMembers)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'Each player once' }),
    sideId: z.uuid().toLowerCase().optional(),
    /** The creator's waiver answers when they are in the squad and the event requires one (as registering). */
    waiver: waiverAnswers.optional(),
  })
  .strict();
export type CreateSquadBody = z.input<typeof createSquadBody>;

/**
 * POST /api/events/{id}/squads/{squadId}/confirm (optional body): the member's waiver answers when
 * the event requires a waiver they have not signed in its current version (as registering).
 */
export const confirmSquadBody = z.object({ waiver: waiverAnswers.optional() }).strict();
export type ConfirmSquadBody = z.input<typeof confirmSquadBody>;

export const SQUAD_STATUSES = ['pending', 'registered'] as const;
export type SquadStatus = (typeof SQUAD_STATUSES)[number];

/** A squad as its members, its team's officers and the event's organisers see it. */
export const squad = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  team: z.object({ id: z.uuid(), name: z.string() }),
  /** The side asked for, or null ("any": the smaller side with room for all). */
  sideId: z.uuid().nullable(),
  status: z.enum(SQUAD_STATUSES),
  members: z.array(z.object({ id: z.uuid(), username: z.string(), confirmed: z.boolean() })),
  /** The viewer is a member who has not confirmed yet (or the last whose placing failed). */
  canConfirm: z.boolean(),
  createdAt: z.string(),
});
export type Squad = z.infer<typeof squad>;

/** GET /api/events/{id}/squads: the squads the viewer is in or made; organisers see all. */
export const squadsAnswer = z.array(squad);

export const SIDE_TEXTS = {
  sides: 'Sides',
  side: 'Side',
  anySide: 'Any side',
  chooseSide: 'Choose a side',
  addSide: 'Add a side',
  removeSide: 'Remove side',
  sideName: 'Side name',
  sideColour: 'Colour',
  sideCapacity: 'Places (0 = no limit)',
  sideHint: '2 to 6 sides, or none.',
  sideFull: 'That side is full',
  sideNotFound: 'No such side on this event',
  noSides: 'This event has no sides',
  sideHasPlayers: 'A side with players on it cannot be removed: move them first',
  notRegistered: 'That player is not on this event',
  moveToSide: 'Move to side',
  moved: 'Player moved',
  yourSide: 'Your side',
  registerSquad: 'Register my squad',
  squadFor: 'Squad of',
  chooseMembers: 'Choose the members who play together',
  sendSquad: 'Ask them to confirm',
  squadCreated: 'Squad created: each member confirms their place',
  confirmSquad: 'Confirm my place',
  squadConfirmed: 'Place confirmed',
  squadPending: 'Waiting for confirmations',
  squadRegistered: 'Squad registered',
  squadNoRoom: 'Not enough places on one side for the whole squad: no one was registered',
  squadNotMembers: 'Only members of the team can be in its squad',
  squadAlreadyOn: 'Already on this event',
  squadNotFound: 'Squad not found',
  squadNotYours: 'You are not in this squad',
  squadInvite: (team: string) => `${team} asks you to confirm your place in its squad`,
  hostedBy: 'Hosted by',
  heldAt: 'At',
  createEvent: 'Create event',
  createEventHint: 'Events you create are hosted by the team and public at once.',
} as const;
