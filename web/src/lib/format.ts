// Date formatting (date-fns) lives apart from the tiny helpers the first page needs.
import { format, formatDistanceToNow } from 'date-fns';

/** "Joined March 2026". */
export function joinedText(joinedAt: string | null | undefined): string | null {
  if (!joinedAt) return null;
  const date = new Date(joinedAt);
  if (Number.isNaN(date.getTime())) return null;
  return `Joined ${format(date, 'MMMM yyyy')}`;
}

/** Relative time for posts and comments: '3 minutes ago', or 'just now' without a date. */
export function timeAgo(createdAt: string | null | undefined): string {
  if (!createdAt) return 'just now';
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return 'just now';
  return formatDistanceToNow(date, { addSuffix: true });
}
