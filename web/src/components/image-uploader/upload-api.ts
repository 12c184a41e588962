import type { RegisterImageAnswer, UploadUrlAnswer } from '@contract/uploads';
import { ApiError, apiRequest } from '@web/lib/api';
import { UPLOAD_RETRY_DELAYS } from '@web/lib/constants';

/** POST /api/objects/upload: a fresh, signed address to PUT one file to (SPEC §4 Image flow). */
export function requestUploadUrl(): Promise<UploadUrlAnswer> {
  return apiRequest<UploadUrlAnswer>('POST', '/api/objects/upload');
}

/** PUT /api/post-images {imageURL}: the server checks and re-encodes the upload, answers its objectPath. */
export function registerImage(imageURL: string): Promise<RegisterImageAnswer> {
  return apiRequest<RegisterImageAnswer>('PUT', '/api/post-images', { imageURL });
}

/**
 * Registers with retries: a busy server (503 while its image queue is full) or a lost connection
 * gets another try; a refused file (413, 415) does not. Registering twice answers the same image.
 */
export function registerImageWithRetries(imageURL: string): Promise<RegisterImageAnswer> {
  return withRetries(() => registerImage(imageURL));
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Client errors other than 429 are final; network failures, 5xx and 429 are worth another try. */
function isRetryable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500 || error.status === 429;
  return true;
}

/** Runs `fn`, retrying after each of `delays` (SPEC §9: 0, 1000, 3000 and 5000 ms). */
export async function withRetries<T>(
  fn: () => Promise<T>,
  delays: readonly number[] = UPLOAD_RETRY_DELAYS,
): Promise<T> {
  let attempt = 0;
  for (;;) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= delays.length || !isRetryable(error)) throw error;
      await wait(delays[attempt]);
      attempt += 1;
    }
  }
}

interface SignableRequest {
  method: string;
  key: string;
  contentType?: string;
}

/**
 * The `signRequest` of @uppy/aws-s3 (v6 replaced `getUploadParameters` with it): asks the server
 * for an upload address and answers a single PUT to it with the file's type. The address may be a
 * same-origin path (local storage) or an absolute presigned S3 URL; Uppy needs it absolute.
 * `uploadUrls` remembers each object key's address so that it can be registered afterwards.
 */
export function createSignRequest(uploadUrls: Map<string, string>, base = window.location.href) {
  return async (request: SignableRequest): Promise<{ url: string; headers?: Record<string, string> }> => {
    if (request.method !== 'PUT') throw new Error('Only single-file uploads are supported');
    const { uploadURL } = await withRetries(requestUploadUrl);
    uploadUrls.set(request.key, uploadURL);
    return {
      url: new URL(uploadURL, base).href,
      headers: request.contentType ? { 'content-type': request.contentType } : undefined,
    };
  };
}

/** The message of a failed upload: the server's `message` from the answer body when there is one. */
export function uploadErrorMessage(
  error: { message?: string; body?: unknown } | undefined,
): string | undefined {
  const body = error?.body;
  if (typeof body === 'string' && body) {
    try {
      const parsed = JSON.parse(body) as { message?: unknown };
      if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
    } catch {
      // Not JSON (an S3 XML error): fall back to the error's own message.
    }
  }
  return error?.message || undefined;
}
