import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { type ObjectStorage, type StoredObject, TooLargeError } from './types';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
}

const DEFAULT_TYPE = 'application/octet-stream';

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** Reads a stream into memory, failing with TooLargeError once it passes `maxBytes`. */
async function readCapped(body: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    total += buf.length;
    if (total > maxBytes) {
      body.destroy();
      throw new TooLargeError();
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/**
 * Objects in an S3-compatible bucket. Browsers PUT raw uploads straight to a presigned URL
 * (the bucket's CORS rules must allow PUT from the site's origin); the app reads them back,
 * writes the re-encoded images and streams them out on GET /objects/*.
 */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(opts: S3StorageOptions) {
    this.bucket = opts.bucket;
    this.client = new S3Client({
      region: opts.region,
      endpoint: opts.endpoint,
      forcePathStyle: opts.forcePathStyle ?? false,
      credentials:
        opts.accessKeyId && opts.secretAccessKey
          ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
          : undefined,
      // Without these, a presigned PUT would carry a checksum of an empty body (that no browser
      // upload can match) and S3-compatible servers without checksum support would fail reads.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** The bucket's origin as presigned addresses name it (computed locally, no request). */
  async publicOrigin(): Promise<string | null> {
    const url = await this.presignPut('raw/origin-probe', 60);
    return url ? new URL(url).origin : null;
  }

  presignPut(key: string, expiresInSeconds: number): Promise<string | null> {
    return getSignedUrl(this.client, new PutObjectCommand({ Bucket: this.bucket, Key: key }), {
      expiresIn: expiresInSeconds,
    });
  }

  /**
   * The body is gathered in memory first: a PutObject needs its length up front, and callers
   * only hand over bodies they have already capped (images of at most MAX_UPLOAD_BYTES).
   */
  async putStream(key: string, body: Readable, contentType: string): Promise<void> {
    const buf = await readCapped(body, Number.MAX_SAFE_INTEGER);
    await this.putBuffer(key, buf, contentType);
  }

  async putBuffer(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
      }),
    );
  }

  async getBuffer(key: string, maxBytes: number): Promise<Buffer | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      if ((head.ContentLength ?? 0) > maxBytes) throw new TooLargeError();
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      // Capped again while reading: the object may have been replaced since the HEAD.
      return await readCapped(res.Body as Readable, maxBytes);
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      // In Node the SDK answers the body as an http.IncomingMessage, a Readable.
      const body = res.Body as unknown as Readable;
      return { body, contentType: res.ContentType ?? DEFAULT_TYPE, size: res.ContentLength ?? 0 };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}
