import { Readable } from 'node:stream';
import { IMAGE_CHECK_TEXTS, MAX_UPLOAD_BYTES, UPLOAD_TEXTS } from '../../../contract';
import type { Ctx } from '../../context';
import { badRequest, HttpError } from '../../errors';
import { fetchOutside, OutsideFetchError } from '../../lib/outside-fetch';
import type { StoredObject } from '../../storage/types';
import { reencodeAsWebp, SNIFF_BYTES, sniffImageType } from '../uploads';
import { proxyKey } from './signing';

export const PROXY_TEXTS = {
  badSignature: 'Invalid image address signature',
  unavailable: 'The image could not be fetched',
} as const;

/**
 * GET /api/image-proxy: the outside image behind a signed address, fetched once through the
 * outside-fetch guard (10 s, 25 MB, public addresses only), type judged from the bytes,
 * re-encoded like an upload (bounded, queued), and kept in object storage under proxy/.
 */
export async function proxiedImage(ctx: Ctx, url: string, sig: string | undefined): Promise<StoredObject> {
  if (!ctx.imageSigner.verify(url, sig)) throw new HttpError(403, PROXY_TEXTS.badSignature);
  return fetchProxied(ctx, url);
}

/** The outside image at `url` as the proxy serves it: from storage, or fetched, checked and kept. */
async function fetchProxied(ctx: Ctx, url: string): Promise<StoredObject> {
  const key = proxyKey(url);
  const cached = await ctx.storage.get(key);
  if (cached) return cached;

  let body: Buffer;
  try {
    const res = await fetchOutside(url, {
      maxBytes: MAX_UPLOAD_BYTES,
      timeoutMs: 10_000,
      allowPrivate: ctx.config.importAllowPrivate,
      accept: 'image/*',
    });
    if (res.status !== 200) throw new HttpError(502, PROXY_TEXTS.unavailable);
    body = res.body;
  } catch (err) {
    if (err instanceof OutsideFetchError && err.reason === 'too-large')
      throw new HttpError(413, UPLOAD_TEXTS.fileTooLarge);
    if (err instanceof OutsideFetchError && err.reason === 'private-address')
      throw new HttpError(403, 'Images from private addresses are not shown');
    if (err instanceof HttpError) throw err;
    throw new HttpError(502, PROXY_TEXTS.unavailable);
  }
  const type = sniffImageType(body.subarray(0, SNIFF_BYTES));
  if (!type) throw new HttpError(415, UPLOAD_TEXTS.unsupportedType);
  const webp = await ctx.imageJobs.run(() => reencodeAsWebp(body, type));
  await ctx.storage.putBuffer(key, webp, 'image/webp');
  return { body: Readable.from(webp), contentType: 'image/webp', size: webp.length };
}

/** The check's refusal of an address that is no http(s) image address at all. */
export const IMAGE_FIELD_ERROR = IMAGE_CHECK_TEXTS.notReachable;

/** Whether an image address is an outside one (http or https), which the proxy fetches. */
export const isOutsideAddress = (address: string) => /^https?:\/\//i.test(address);

/**
 * Checks pasted outside image addresses before they are accepted (issue 20): each is fetched
 * through the proxy (the outside-fetch guard: public addresses only unless IMPORT_ALLOW_PRIVATE,
 * 10 s, 25 MB; an image by its bytes, re-encoded and kept, so its first viewer gets it at once).
 * Throws a 400 naming the problem for the first that fails; our own /objects/ paths pass as they are.
 */
export async function assertReachableImages(ctx: Ctx, addresses: readonly string[], field = 'images') {
  const outside = [...new Set(addresses.filter(isOutsideAddress))];
  const results = await Promise.allSettled(outside.map((url) => fetchProxied(ctx, url)));
  for (const result of results) {
    if (result.status === 'fulfilled') {
      result.value.body.destroy?.();
      continue;
    }
    const error = result.reason;
    const status = error instanceof HttpError ? error.statusCode : 0;
    const message =
      status === 413
        ? IMAGE_CHECK_TEXTS.tooLarge
        : status === 403
          ? IMAGE_CHECK_TEXTS.privateAddress
          : IMAGE_CHECK_TEXTS.notReachable;
    throw badRequest(message, { [field]: [message] });
  }
}
