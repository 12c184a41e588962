import { SEARCH_MIN_LENGTH } from '../../contract';

/** Bounded answers: the header keeps 3 per group (5 for gear). */
export const SEARCH_LIMIT = 10;

/** `%text%` for LIKE on lower(column), with the pattern characters escaped. */
export const likePattern = (q: string) =>
  `%${q
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A search runs only for a trimmed query of SEARCH_MIN_LENGTH characters or more (SPEC §5). */
export const searchable = (q: string | undefined): q is string =>
  (q ?? '').trim().length >= SEARCH_MIN_LENGTH;
