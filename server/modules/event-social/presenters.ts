import type { Attendee, AttendeeKnown, EventComment } from '../../../contract';
import { iso } from '../../db/rows';
import type { SessionUser } from '../auth';
import { can } from './policy';

/** A player going, as read (attendees.ts). */
export interface AttendeeRow {
  id: string;
  username: string;
  avatar: string | null;
  sideId: string | null;
  private: boolean;
  teammate: boolean;
  following: boolean;
}

/** A player going, as `viewer` sees them: `private` shows on the viewer's own entry only (no one else's is listed). */
export function presentAttendee(r: AttendeeRow, viewer: SessionUser | null): Attendee {
  const isViewer = !!viewer && viewer.id === r.id;
  const known: AttendeeKnown | null = isViewer
    ? null
    : r.teammate
      ? 'teammate'
      : r.following
        ? 'following'
        : null;
  return {
    id: r.id,
    username: r.username,
    avatar: r.avatar,
    sideId: r.sideId,
    known,
    isViewer,
    private: isViewer && r.private,
  };
}

/** A comment of the discussion, as read (comments.ts). */
export interface EventCommentRow {
  id: string;
  eventId: string;
  userId: string;
  username: string;
  avatar: string | null;
  content: string;
  byOrganiser: boolean;
  pinned: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** The one EventComment presenter: the row, and the viewer's abilities on it (policy.ts). */
export function presentEventComment(
  r: EventCommentRow,
  viewer: SessionUser | null,
  isOrganiser: boolean,
): EventComment {
  const facts = { authorId: r.userId, isOrganiser };
  return {
    id: r.id,
    eventId: r.eventId,
    content: r.content,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    user: { id: r.userId, username: r.username, avatar: r.avatar },
    byOrganiser: r.byOrganiser,
    pinned: r.pinned,
    canEdit: can(viewer, 'edit', facts),
    canDelete: can(viewer, 'delete', facts),
    canPin: can(viewer, 'pin', facts),
    canReport: can(viewer, 'report', facts),
  };
}
