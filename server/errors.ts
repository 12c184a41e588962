/** One error shape for every non-2xx answer: { message, errors? } (DESIGN §3). */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: Record<string, string[]>,
    /** Headers the answer carries (for example Retry-After on a 503). */
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, errors?: Record<string, string[]>) =>
  new HttpError(400, message, errors);
export const unauthorized = (message = 'Not signed in') => new HttpError(401, message);
export const forbidden = (message = 'Not allowed') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, errors?: Record<string, string[]>) =>
  new HttpError(409, message, errors);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const unsupportedMediaType = (message: string) => new HttpError(415, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);

/** What `read` answers, or null where it answers 404 (a page for an unknown id renders as not found). */
export async function orNullIfNotFound<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return null;
    throw error;
  }
}

/** The Postgres error code for a unique violation, and which constraint, whichever driver raised it. */
export function uniqueViolation(err: unknown): string | null {
  let e: any = err;
  for (let i = 0; e && i < 4; i++, e = e.cause) {
    if (e.code === '23505') return String(e.constraint ?? e.constraint_name ?? e.detail ?? '');
  }
  return null;
}

/** What a foreign-key violation names: the referencing column, the missing key and the table it is missing from. */
export interface MissingReference {
  column: string;
  key: string;
  table: string;
}

/**
 * The missing row of a Postgres foreign-key violation (23503) on an insert or update, whichever
 * driver raised it (node-postgres and PGlite both carry the server's `detail`): `Key (user_id)=(…)
 * is not present in table "users".` Null for any other error, a delete of a row still referenced
 * included.
 */
export function missingReference(err: unknown): MissingReference | null {
  let e: any = err;
  for (let i = 0; e && i < 4; i++, e = e.cause) {
    if (e.code !== '23503') continue;
    const m = /^Key \((.+)\)=\((.*)\) is not present in table "(.+)"\.$/.exec(String(e.detail ?? ''));
    return m ? { column: m[1], key: m[2], table: m[3] } : null;
  }
  return null;
}

/** A deadlock (40P01) or serialization failure (40001): the transaction was rolled back and may be tried again. */
export function transientConflict(err: unknown): boolean {
  let e: any = err;
  for (let i = 0; e && i < 4; i++, e = e.cause) if (e.code === '40P01' || e.code === '40001') return true;
  return false;
}

/** A reason the server cannot start, said in one line (main prints the message alone, no stack). */
export class StartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartError';
  }
}
