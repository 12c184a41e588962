import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import {
  MAX_UPLOAD_BYTES,
  type RegisterImageAnswer,
  UPLOAD_QUOTA,
  UPLOAD_QUOTA_TEXTS,
  UPLOAD_TEXTS,
  UPLOAD_URL_TTL_SECONDS,
  type UploadUrlAnswer,
} from '../../../contract';
import type { Ctx } from '../../context';
import type { Db } from '../../db/client';
import { images, uploadTokens } from '../../db/schema';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  payloadTooLarge,
  tooManyRequests,
  unsupportedMediaType,
} from '../../errors';
import { type ObjectStorage, type StoredObject, TooLargeError } from '../../storage/types';
import { type PreparedImage, prepareImage, SNIFF_BYTES, sniffImageType } from './image';
import { objectKey, variantPath } from './image-meta';
import { localUploadUrl, verifyUploadSignature } from './signing';

/** Server-side messages of this module beyond UPLOAD_TEXTS. */
export const UPLOAD_MESSAGES = {
  notAnUploadUrl: 'imageURL is not an upload address from this site',
  uploadNotFound: 'Upload not found',
  notYourUpload: 'This upload belongs to another user',
  notUploaded: 'The file has not been uploaded yet',
  objectNotFound: 'Object not found',
  localOnly: 'Uploads go straight to object storage on this server',
} as const;

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const UUID_ONLY = new RegExp(`^${UUID}$`);
const LOCAL_UPLOAD_PATH = new RegExp(`/api/objects/upload/(${UUID})/?$`);
const RAW_KEY_PATH = new RegExp(`(?:^|/)raw/(${UUID})$`);
/** Only re-encoded images are public; raw uploads never are. Names are short (a uuid and a suffix). */
const PUBLIC_KEY = /^images\/[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/;

const rawKey = (id: string) => `raw/${id}`;

export type UploadQuota = {
  addressesPerWindow: number;
  windowMinutes: number;
  pending: number;
  dailyBytes: number;
};

/**
 * POST /api/objects/upload: a one-time upload address for the signed-in user, within the
 * account's quotas (429 otherwise): addresses per window, unregistered addresses at once, and
 * bytes received in the last 24 hours. Counted from upload_tokens under a per-account lock, so
 * they hold across processes and under concurrency.
 */
export async function createUploadUrl(ctx: Ctx, userId: string): Promise<UploadUrlAnswer> {
  const quota = ctx.config.uploadQuota ?? UPLOAD_QUOTA;
  const id = randomUUID();
  const objectKey = rawKey(id);
  const expiresAt = new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000);
  await ctx.db.transaction(async (tx) => {
    await lockUploads(tx, userId);
    const [use] = await tx
      .select({
        recent: sql<number>`count(*) FILTER (WHERE ${uploadTokens.createdAt} > now() - make_interval(mins => ${quota.windowMinutes}))::int`,
        pending: sql<number>`count(*) FILTER (WHERE ${uploadTokens.registeredAt} IS NULL AND ${uploadTokens.expiresAt} > now())::int`,
        bytes: sql<number>`coalesce(sum(${uploadTokens.bytes}), 0)::bigint`,
      })
      .from(uploadTokens)
      .where(
        and(eq(uploadTokens.userId, userId), gt(uploadTokens.createdAt, sql`now() - interval '24 hours'`)),
      );
    if (Number(use.recent) >= quota.addressesPerWindow) throw tooManyRequests(UPLOAD_QUOTA_TEXTS.tooMany);
    if (Number(use.pending) >= quota.pending) throw tooManyRequests(UPLOAD_QUOTA_TEXTS.tooManyPending);
    if (Number(use.bytes) >= quota.dailyBytes) throw tooManyRequests(UPLOAD_QUOTA_TEXTS.dailyLimit);
    await tx.insert(uploadTokens).values({ id, userId, objectKey, expiresAt });
  });
  const presigned = await ctx.storage.presignPut(objectKey, UPLOAD_URL_TTL_SECONDS);
  return { uploadURL: presigned ?? localUploadUrl(ctx.config.sessionSecret, id, expiresAt) };
}

export interface ReceiveUploadInput {
  id: string;
  expires?: string;
  signature?: string;
  /** The Content-Length header, when the client sent one. */
  contentLength?: string;
  body: Readable | undefined;
}

/**
 * PUT /api/objects/upload/:id (local disk only). The signature is the credential; the token is
 * consumed atomically, so two PUTs to one address cannot both write.
 *
 * The daily byte quota is counted while the bytes arrive: the declared size (Content-Length) is
 * reserved on the token (`bytes`) under the account's upload lock before a byte is read (413 when
 * it does not fit), the reservation grows under that lock as more bytes come (413 'Daily upload
 * limit' as soon as they pass what the quota leaves), and it settles to the bytes stored at the
 * end. Concurrent uploads of one account therefore cannot pass the quota together.
 *
 * When the upload fails (too large, over the quota, not an image, connection lost) the object is
 * deleted and the token is released again (uploaded_at and bytes back to NULL): the address stays
 * usable until it expires, so a client retry can still succeed, and a token is never left consumed
 * but empty.
 */
export async function receiveUpload(ctx: Ctx, input: ReceiveUploadInput): Promise<{ etag: string }> {
  if (ctx.storage.kind !== 'local') throw notFound(UPLOAD_MESSAGES.localOnly);
  if (
    !UUID_ONLY.test(input.id) ||
    !verifyUploadSignature(ctx.config.sessionSecret, input.id, input.expires, input.signature)
  ) {
    throw forbidden(UPLOAD_TEXTS.uploadUrlInvalid);
  }
  const declaredSize = Number(input.contentLength);
  const declared =
    input.contentLength && Number.isSafeInteger(declaredSize) && declaredSize >= 0 ? declaredSize : 0;
  if (declared > MAX_UPLOAD_BYTES) throw payloadTooLarge(UPLOAD_TEXTS.fileTooLarge);

  const dailyBytes = (ctx.config.uploadQuota ?? UPLOAD_QUOTA).dailyBytes;
  const token = await ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ userId: uploadTokens.userId })
      .from(uploadTokens)
      .where(eq(uploadTokens.id, input.id));
    if (!found) throw forbidden(UPLOAD_TEXTS.uploadUrlInvalid);
    await lockUploads(tx, found.userId);
    const [consumed] = await tx
      .update(uploadTokens)
      .set({ uploadedAt: sql`now()` })
      .where(
        and(
          eq(uploadTokens.id, input.id),
          isNull(uploadTokens.uploadedAt),
          gt(uploadTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: uploadTokens.id, objectKey: uploadTokens.objectKey, userId: uploadTokens.userId });
    if (!consumed) throw forbidden(UPLOAD_TEXTS.uploadUrlInvalid);
    // Refused before a byte is read; the rollback leaves the address unconsumed.
    if (declared > dailyBytes - (await bytesUsedByOthers(tx, consumed.userId, consumed.id)))
      throw payloadTooLarge(UPLOAD_QUOTA_TEXTS.dailyLimit);
    await tx.update(uploadTokens).set({ bytes: declared }).where(eq(uploadTokens.id, consumed.id));
    return consumed;
  });

  let reserved = declared;
  /** Grows the token's reservation to cover `total` bytes (and some ahead), or 413 past the quota. */
  const reserve = async (total: number) => {
    reserved = await ctx.db.transaction(async (tx) => {
      await lockUploads(tx, token.userId);
      const room = dailyBytes - (await bytesUsedByOthers(tx, token.userId, token.id));
      if (total > room) throw payloadTooLarge(UPLOAD_QUOTA_TEXTS.dailyLimit);
      const next = Math.min(room, MAX_UPLOAD_BYTES, Math.max(total, 2 * reserved, RESERVE_STEP));
      await tx.update(uploadTokens).set({ bytes: next }).where(eq(uploadTokens.id, token.id));
      return next;
    });
  };

  try {
    const stored = await storeUpload(
      ctx.storage,
      token.objectKey,
      input.body ?? Readable.from([]),
      async (total) => {
        if (total > reserved) await reserve(total);
      },
    );
    await ctx.db.update(uploadTokens).set({ bytes: stored.bytes }).where(eq(uploadTokens.id, token.id));
    return { etag: stored.etag };
  } catch (err) {
    await ctx.storage.delete(token.objectKey).catch(() => {});
    await ctx.db
      .update(uploadTokens)
      .set({ uploadedAt: null, bytes: null })
      .where(eq(uploadTokens.id, token.id));
    throw err;
  }
}

/** The smallest growth of an upload's reservation while its bytes arrive without a declared size. */
const RESERVE_STEP = 256 * 1024;

/** The account's upload lock: quotas are counted and reserved under it (createUploadUrl, receiveUpload). */
async function lockUploads(tx: Pick<Db, 'execute'>, userId: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`uploads:${userId}`}))`);
}

/** Bytes stored or reserved in the last 24 hours by the account's other uploads. */
async function bytesUsedByOthers(tx: Pick<Db, 'select'>, userId: string, tokenId: string) {
  const [use] = await tx
    .select({ bytes: sql<number>`coalesce(sum(${uploadTokens.bytes}), 0)::bigint` })
    .from(uploadTokens)
    .where(
      and(
        eq(uploadTokens.userId, userId),
        ne(uploadTokens.id, tokenId),
        gt(uploadTokens.createdAt, sql`now() - interval '24 hours'`),
      ),
    );
  return Number(use.bytes);
}

/**
 * Streams `body` into storage: the type is judged from the first bytes (415 unless an accepted
 * raster image), and reading stops as soon as the count passes MAX_UPLOAD_BYTES (413) or
 * `admit(total)` refuses it (the quota). The answer's ETag is the MD5 of the bytes, as S3 gives it.
 */
async function storeUpload(
  storage: ObjectStorage,
  key: string,
  body: Readable,
  admit: (total: number) => Promise<void>,
): Promise<{ etag: string; bytes: number }> {
  const source = body[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const next = async () => {
    const r = await source.next();
    return r.done ? null : typeof r.value === 'string' ? Buffer.from(r.value) : r.value;
  };

  const headChunks: Buffer[] = [];
  let headLength = 0;
  let ended = false;
  while (headLength < SNIFF_BYTES) {
    const chunk = await next();
    if (!chunk) {
      ended = true;
      break;
    }
    headChunks.push(chunk);
    headLength += chunk.length;
  }
  const head = Buffer.concat(headChunks);
  const type = sniffImageType(head);
  if (!type) throw unsupportedMediaType(UPLOAD_TEXTS.unsupportedType);

  const md5 = createHash('md5');
  let total = 0;
  const take = async (chunk: Buffer) => {
    total += chunk.length;
    if (total > MAX_UPLOAD_BYTES) throw payloadTooLarge(UPLOAD_TEXTS.fileTooLarge);
    await admit(total);
    md5.update(chunk);
    return chunk;
  };
  async function* limited() {
    yield await take(head);
    if (ended) return;
    for (let chunk = await next(); chunk; chunk = await next()) yield await take(chunk);
  }
  await storage.putStream(key, Readable.from(limited(), { objectMode: false }), type);
  return { etag: `"${md5.digest('hex')}"`, bytes: total };
}

type UploadRef = { id: string } | { objectKey: string };

/** The token an upload address points at: ours (`/api/objects/upload/<id>`) or a presigned S3 URL. */
function parseUploadRef(imageURL: string): UploadRef | null {
  let pathname: string;
  try {
    pathname = new URL(imageURL, 'http://upload.invalid').pathname;
  } catch {
    return null;
  }
  const local = LOCAL_UPLOAD_PATH.exec(pathname);
  if (local) return { id: local[1].toLowerCase() };
  const raw = RAW_KEY_PATH.exec(pathname);
  if (raw) return { objectKey: rawKey(raw[1].toLowerCase()) };
  return null;
}

async function findToken(db: Db, ref: UploadRef) {
  const [token] = await db
    .select()
    .from(uploadTokens)
    .where('id' in ref ? eq(uploadTokens.id, ref.id) : eq(uploadTokens.objectKey, ref.objectKey))
    .limit(1);
  return token ?? null;
}

/**
 * PUT /api/post-images: turns the user's finished upload into a public image. The raw object is
 * read back with a size cap (S3 cannot cap a presigned PUT), its type checked from the bytes, and
 * re-encoded to WebP without metadata under images/<uuid>.webp, with WebP variants at each of
 * VARIANT_WIDTHS below its width (images/<uuid>-w<width>.webp) and its width, height and thumbhash
 * recorded in `images` (decision 012), all in one job of the image queue; the raw object is then
 * deleted. Registering the same upload again answers the same objectPath (a client may retry).
 */
export async function registerImage(
  ctx: Ctx,
  userId: string,
  imageURL: string,
): Promise<RegisterImageAnswer> {
  const ref = parseUploadRef(imageURL);
  if (!ref) throw badRequest(UPLOAD_MESSAGES.notAnUploadUrl, { imageURL: [UPLOAD_MESSAGES.notAnUploadUrl] });
  const token = await findToken(ctx.db, ref);
  if (!token) throw notFound(UPLOAD_MESSAGES.uploadNotFound);
  if (token.userId !== userId) throw forbidden(UPLOAD_MESSAGES.notYourUpload);
  if (token.objectPath) return { objectPath: token.objectPath };
  if (ctx.storage.kind === 'local' && !token.uploadedAt) throw conflict(UPLOAD_MESSAGES.notUploaded);

  let raw: Buffer | null;
  try {
    raw = await ctx.storage.getBuffer(token.objectKey, MAX_UPLOAD_BYTES);
  } catch (err) {
    if (!(err instanceof TooLargeError)) throw err;
    await ctx.storage.delete(token.objectKey);
    throw payloadTooLarge(UPLOAD_TEXTS.fileTooLarge);
  }
  if (!raw) {
    // Still being written, or registered a moment ago by a concurrent request.
    const again = await findToken(ctx.db, { id: token.id });
    if (again?.objectPath) return { objectPath: again.objectPath };
    throw conflict(UPLOAD_MESSAGES.notUploaded);
  }

  const type = sniffImageType(raw.subarray(0, SNIFF_BYTES));
  let prepared: PreparedImage;
  try {
    if (!type) throw unsupportedMediaType(UPLOAD_TEXTS.unsupportedType);
    const input = raw;
    prepared = await ctx.imageJobs.run(() => prepareImage(input, type));
  } catch (err) {
    await ctx.storage.delete(token.objectKey);
    throw err;
  }

  const objectPath = `/objects/images/${randomUUID()}.webp`;
  await storePreparedImage(ctx.storage, objectPath, prepared);
  const [claimed] = await ctx.db
    .update(uploadTokens)
    .set({
      registeredAt: sql`now()`,
      objectPath,
      uploadedAt: sql`coalesce(${uploadTokens.uploadedAt}, now())`,
      // On S3 the bytes are first known here.
      bytes: sql`coalesce(${uploadTokens.bytes}, ${raw.length})`,
    })
    .where(and(eq(uploadTokens.id, token.id), isNull(uploadTokens.registeredAt)))
    .returning({ objectPath: uploadTokens.objectPath });
  if (!claimed) {
    // A concurrent registration of the same upload won; answer its image and drop ours.
    await deleteStoredImage(
      ctx.storage,
      objectPath,
      prepared.variants.map((v) => v.width),
    );
    const winner = await findToken(ctx.db, { id: token.id });
    if (!winner?.objectPath) throw conflict(UPLOAD_MESSAGES.notUploaded);
    return { objectPath: winner.objectPath };
  }
  await ctx.db
    .insert(images)
    .values({
      objectPath,
      userId,
      width: prepared.width,
      height: prepared.height,
      placeholder: prepared.placeholder,
      variantWidths: prepared.variants.map((v) => v.width),
    })
    .onConflictDoNothing();
  await ctx.storage.delete(token.objectKey);
  return { objectPath };
}

/** Writes a prepared image under its object path, its variants beside it (variantPath). */
export async function storePreparedImage(
  storage: ObjectStorage,
  objectPath: string,
  prepared: Pick<PreparedImage, 'webp' | 'variants'>,
): Promise<void> {
  await storage.putBuffer(objectKey(objectPath), prepared.webp, 'image/webp');
  for (const variant of prepared.variants)
    await storage.putBuffer(objectKey(variantPath(objectPath, variant.width)), variant.webp, 'image/webp');
}

/** Deletes a stored image and its variants. */
export async function deleteStoredImage(
  storage: ObjectStorage,
  objectPath: string,
  variantWidths: readonly number[],
): Promise<void> {
  for (const width of variantWidths) await storage.delete(objectKey(variantPath(objectPath, width)));
  await storage.delete(objectKey(objectPath));
}

/** GET /objects/*: a public (re-encoded) image, or 404 for anything else. */
export async function openPublicObject(storage: ObjectStorage, key: string): Promise<StoredObject> {
  if (!PUBLIC_KEY.test(key)) throw notFound(UPLOAD_MESSAGES.objectNotFound);
  const object = await storage.get(key);
  if (!object) throw notFound(UPLOAD_MESSAGES.objectNotFound);
  return object;
}
