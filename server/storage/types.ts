import type { Readable } from 'node:stream';

export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
}

/**
 * Where uploaded files live: local disk (DATA_DIR/objects) or an S3-compatible bucket.
 * Keys are relative ('raw/<id>', 'images/<id>.webp').
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /**
   * For S3: a presigned PUT URL for `key`. For local disk: null, the app signs its own
   * address (PUT /api/objects/upload/:id) and writes through `putStream`.
   */
  presignPut(key: string, expiresInSeconds: number): Promise<string | null>;
  /** The origin browsers upload to directly (S3), for the CSP; none when uploads come to us. */
  publicOrigin?(): Promise<string | null>;
  /** Writes a stream, failing (and leaving nothing behind) if the stream errors. */
  putStream(key: string, body: Readable, contentType: string): Promise<void>;
  putBuffer(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Reads at most `maxBytes`; null when missing; throws TooLargeError when bigger. */
  getBuffer(key: string, maxBytes: number): Promise<Buffer | null>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
}

export class TooLargeError extends Error {
  constructor() {
    super('Object is too large');
  }
}
