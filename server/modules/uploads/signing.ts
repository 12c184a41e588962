import { createHmac, timingSafeEqual } from 'node:crypto';

/** The local-disk upload address: PUT here with the file as the body (no session needed). */
export const LOCAL_UPLOAD_PREFIX = '/api/objects/upload/';

const SIGNATURE = /^[0-9a-f]{64}$/;
const EXPIRES = /^[0-9]{1,12}$/;

/** Hex HMAC-SHA256 over `<tokenId>.<expires>` (expires in unix seconds). */
export function signUpload(secret: string, tokenId: string, expires: number): string {
  return createHmac('sha256', secret).update(`${tokenId}.${expires}`).digest('hex');
}

/** The same-origin address the client PUTs the file to. */
export function localUploadUrl(secret: string, tokenId: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${LOCAL_UPLOAD_PREFIX}${tokenId}?expires=${expires}&signature=${signUpload(secret, tokenId, expires)}`;
}

/**
 * True when `signature` is ours for this token and expiry (compared in constant time) and the
 * expiry has not passed. Malformed values are simply invalid.
 */
export function verifyUploadSignature(
  secret: string,
  tokenId: string,
  expires: string | undefined,
  signature: string | undefined,
  nowMs = Date.now(),
): boolean {
  if (!expires || !signature || !EXPIRES.test(expires) || !SIGNATURE.test(signature)) return false;
  const expected = Buffer.from(signUpload(secret, tokenId, Number(expires)), 'hex');
  const given = Buffer.from(signature, 'hex');
  if (!timingSafeEqual(expected, given)) return false;
  return Number(expires) * 1000 > nowMs;
}
