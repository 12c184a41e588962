import type { SessionUser } from '../auth';
import { commentPolicy } from '../posts';
import { canReport } from '../reports';

export type EventCommentAction = 'comment' | 'edit' | 'delete' | 'pin' | 'report';

/** What the rules need: the comment's author (but for 'comment'), and whether the viewer organises the event. */
export interface EventCommentFacts {
  authorId?: string;
  isOrganiser: boolean;
}

/**
 * Who may do what in an event's discussion (issue 26). The posts' comment rules (posts/policy.ts):
 * any signed-in player comments; its author edits it; its author or an admin deletes it; and here
 * the event's organisers (policy canManage: an admin, the host team's leader or a co-leader)
 * delete any comment of their event and pin or unpin any. Reports follow reports/policy.ts
 * canReport. Every write checks it, and answers carry the result for the viewer.
 */
export function can(user: SessionUser | null, action: EventCommentAction, facts: EventCommentFacts): boolean {
  if (!user) return false;
  const author = { authorId: facts.authorId ?? '' };
  switch (action) {
    case 'comment':
      return true;
    case 'edit':
      return commentPolicy(user, 'edit', author);
    case 'delete':
      return commentPolicy(user, 'delete', author) || facts.isOrganiser;
    case 'pin':
      return facts.isOrganiser;
    case 'report':
      return canReport(user, { authorId: facts.authorId ?? null });
  }
}
