import type { QueryFunction } from '@tanstack/react-query';

/** What a call does with a 401: fail (the default) or answer `null` ("no user"). */
export type On401 = 'returnNull' | 'throw';

export interface RequestOptions {
  on401?: On401;
  signal?: AbortSignal;
}

/**
 * A non-OK answer (SPEC §7 "Request helper behaviour", §8). The message is
 * `${status}: ${body text || status text}`; the parsed server `message` and field `errors`
 * ride along so that toasts and forms can prefer them.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage?: string;
  readonly fieldErrors?: Record<string, string[]>;

  constructor(
    status: number,
    message: string,
    serverMessage?: string,
    fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.fieldErrors = fieldErrors;
  }
}

function parseErrorBody(text: string): { message?: string; errors?: Record<string, string[]> } {
  try {
    const body: unknown = JSON.parse(text);
    if (!body || typeof body !== 'object') return {};
    const { message, errors } = body as { message?: unknown; errors?: unknown };
    return {
      message: typeof message === 'string' && message ? message : undefined,
      errors: errors && typeof errors === 'object' ? (errors as Record<string, string[]>) : undefined,
    };
  } catch {
    return {};
  }
}

/** Throws an {@link ApiError} when the answer is not OK. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  const { message, errors } = parseErrorBody(text);
  throw new ApiError(res.status, `${res.status}: ${text}`, message, errors);
}

async function readBody<T>(res: Response): Promise<T> {
  if (res.status === 204) return null as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * One call to the API. Credentials always go along; a body is sent as JSON only when one is
 * given. Answers the parsed JSON (or `null` for an empty answer, and for a 401 when
 * `on401: 'returnNull'`).
 */
export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  data?: unknown,
  { on401 = 'throw', signal }: RequestOptions = {},
): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: data !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
    signal,
  });
  if (on401 === 'returnNull' && res.status === 401) return null as T;
  await throwIfResNotOk(res);
  return readBody<T>(res);
}

/** The default data-loading call: a GET to the query key's parts joined with '/'. */
export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T> {
  return ({ queryKey, signal }) => apiRequest<T>('GET', queryKey.join('/'), undefined, { on401, signal });
}

/** The text a toast shows for an error: the server's own message when there is one. */
export function errorText(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback ?? error.message;
  if (fallback) return fallback;
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}
