import { NEWS_DATE_FORMAT, type NewsCategory } from '@contract/news';
import { format } from 'date-fns';

/** 'March 4, 2026' (SPEC §9 news date format 'MMMM d, yyyy'); '' for a bad date. */
export function newsDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, NEWS_DATE_FORMAT);
}

/** Each category's badge colours (both themes). */
export const CATEGORY_BADGE: Record<NewsCategory, string> = {
  News: 'bg-primary/15 text-primary border-primary/30',
  Reviews: 'bg-sky-500/15 text-sky-700 dark:text-sky-300 border-sky-500/30',
  Tips: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300 border-emerald-500/30',
  Events: 'bg-violet-500/15 text-violet-700 dark:text-violet-300 border-violet-500/30',
};
