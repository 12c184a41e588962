import { mediaMap, uuid } from './common';
import { z } from './messages';
import { COMMENT_MAX, commentBody } from './posts';

/**
 * Who's going and questions to the host (issue 26). Only the event page's lazily loaded sections
 * and the server import this module.
 *
 * GET /api/events/{id}/attendees: `count` is every registered player (waitlisted players are not
 * going; private registrations are counted). `players` lists those the viewer may see: a private
 * registration is listed to the player themself only (flagged `private`), to nobody else; the
 * organisers see everyone on the roster (GET /api/events/{id}/roster). Signed-out visitors get the
 * counts and no names. Order: the viewer, then their teammates and the players they follow
 * (`known`), then the others in arrival order. `limit` applies per side on an event with sides
 * (each side's first `limit`), else to the whole list. "and N others" is `count - players.length`
 * (per side: the side's `count` minus its listed players).
 */

export const ATTENDEES_LIMIT_DEFAULT = 12;
export const ATTENDEES_LIMIT_MAX = 100;

export const attendeesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(ATTENDEES_LIMIT_MAX).default(ATTENDEES_LIMIT_DEFAULT),
});
export type AttendeesQuery = z.input<typeof attendeesQuery>;

/** Why a player is listed first: a teammate of the viewer, or a player the viewer follows. */
export const ATTENDEE_KNOWN = ['teammate', 'following'] as const;
export type AttendeeKnown = (typeof ATTENDEE_KNOWN)[number];

export const attendee = z.object({
  id: z.uuid(),
  username: z.string(),
  avatar: z.string().nullable(),
  /** The side they are on (an event with sides), else null. */
  sideId: z.uuid().nullable(),
  known: z.enum(ATTENDEE_KNOWN).nullable(),
  /** The viewer themself. */
  isViewer: z.boolean(),
  /** Registered privately: only ever true on the viewer's own entry. */
  private: z.boolean(),
  media: mediaMap.optional(),
});
export type Attendee = z.infer<typeof attendee>;

export const attendeeSide = z.object({
  id: z.uuid(),
  name: z.string(),
  colour: z.string(),
  /** Registered on this side, private ones included. */
  count: z.number().int(),
});
export type AttendeeSide = z.infer<typeof attendeeSide>;

export const attendeesAnswer = z.object({
  /** Every registered player (not the waitlist), private ones included. */
  count: z.number().int(),
  /** The event's sides in their order (empty without sides); each player's `sideId` names one. */
  sides: z.array(attendeeSide),
  players: z.array(attendee),
  /** Signed out: counts only, no names. */
  namesHidden: z.boolean(),
});
export type AttendeesAnswer = z.infer<typeof attendeesAnswer>;

// -------------------------------------------------------------------------------------------------
// The discussion

export const EVENT_COMMENTS_PAGE_DEFAULT = 50;

/** GET /api/events/{id}/comments: pinned first, then oldest first; `before`: the last comment shown. */
export const eventCommentsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(EVENT_COMMENTS_PAGE_DEFAULT),
  before: uuid().optional(),
});
export type EventCommentsQuery = z.input<typeof eventCommentsQuery>;

/** POST /api/events/{id}/comments: the post comments' body and rules (length, blocked words). */
export const eventCommentBody = commentBody;
export type EventCommentBody = z.infer<typeof eventCommentBody>;

/** PATCH: the author edits `content`; an organiser sets `pinned`. At least one of them. */
export const updateEventCommentBody = z
  .object({
    content: commentBody.shape.content.optional(),
    pinned: z.boolean().optional(),
  })
  .strict()
  .refine((b) => b.content !== undefined || b.pinned !== undefined, {
    message: 'Give content or pinned',
  });
export type UpdateEventCommentBody = z.input<typeof updateEventCommentBody>;

export const eventCommentParams = z.object({ id: uuid(), commentId: uuid() });

export const eventComment = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  user: z.object({ id: z.uuid(), username: z.string(), avatar: z.string().nullable() }),
  /** Written by an organiser of the event (an admin, the host team's leader or a co-leader). */
  byOrganiser: z.boolean(),
  pinned: z.boolean(),
  /** The viewer's abilities: edit (its author), delete (its author, an organiser or an admin), pin (organisers), report. */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canPin: z.boolean(),
  canReport: z.boolean(),
  media: mediaMap.optional(),
});
export type EventComment = z.infer<typeof eventComment>;

export const eventCommentsAnswer = z.object({
  comments: z.array(eventComment),
  /** Signed in (and not suspended): the compose box shows. */
  canComment: z.boolean(),
});
export type EventCommentsAnswer = z.infer<typeof eventCommentsAnswer>;

export const EVENT_SOCIAL_TEXTS = {
  whosGoing: "Who's going",
  loadingAttendees: 'Loading who is going...',
  attendeesFailed: 'Could not load who is going.',
  beFirst: 'Be the first to register',
  andOthers: (n: number) => `and ${n} ${n === 1 ? 'other' : 'others'}`,
  going: (n: number) => `${n} going`,
  signInToSeeNames: 'Sign in to see who is going.',
  you: 'You',
  privateNote: 'Registered privately: only you see yourself here.',
  teammate: 'Teammate',
  following: 'Following',
  noSidePlayers: 'Nobody on this side yet',
  registerPrivately: 'Register privately (counted, not listed)',
  /** The toggle where the player sees their registration (PATCH /api/events/{id}/registration). */
  keepPrivate: 'Private registration (counted, not listed)',
  privacyFailed: 'Could not change your registration',
  notOnEvent: 'You are not registered for this event',
  discussion: 'Discussion',
  discussionIntro: 'Questions to the organisers, and their answers.',
  loadingComments: 'Loading the discussion...',
  commentsFailed: 'Failed to load comments',
  noComments: 'No questions yet. Ask the organiser.',
  placeholder: 'Ask a question...',
  send: 'Send',
  organiser: 'Organiser',
  pinned: 'Pinned',
  pin: 'Pin',
  unpin: 'Unpin',
  edit: 'Edit',
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  report: 'Report',
  signInToAsk: 'Sign in to ask a question.',
  postFailed: 'Failed to post comment',
  updateFailed: 'Failed to update comment',
  deleteFailed: 'Failed to delete comment',
  commentNotFound: 'Comment not found',
  notOrganiser: 'Only the organisers may pin a comment',
  notice: (who: string, event: string) => `${who} (organiser) wrote in the discussion of ${event}`,
} as const;

export { COMMENT_MAX as EVENT_COMMENT_MAX };
