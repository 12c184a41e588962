/** The badge's text: the count, or '99+' above 99 (the server counts up to UNREAD_COUNT_CAP). */
export const badgeText = (count: number): string => (count > 99 ? '99+' : String(count));

const COUNT_PREFIX = /^\(\d+\+?\) /;

/** A document title with the unread count in front: "(3) Airsoft Community"; without it at 0. */
export function titleWithCount(title: string, count: number): string {
  const base = title.replace(COUNT_PREFIX, '');
  return count > 0 ? `(${badgeText(count)}) ${base}` : base;
}
