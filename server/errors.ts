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
