import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ObjectStorage, type StoredObject, TooLargeError } from './types';

/**
 * A key is one or more segments of [A-Za-z0-9._-] joined by '/', each starting with a letter or
 * digit: no '..', no absolute paths, no backslashes, and nothing that can reach the hidden
 * '.meta' and '.tmp' folders.
 */
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;
const DEFAULT_TYPE = 'application/octet-stream';

export class InvalidKeyError extends Error {
  constructor(key: string) {
    super(`Invalid object key: ${JSON.stringify(key)}`);
  }
}

/**
 * Objects as files under one folder: `<root>/<key>` holds the bytes, `<root>/.meta/<key>` the
 * content type. Writes go to `<root>/.tmp/` first and are renamed into place, so a failed write
 * leaves nothing behind and a reader never sees half a file.
 */
export class LocalStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private paths(key: string) {
    if (!KEY.test(key) || key.length > 512) throw new InvalidKeyError(key);
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new InvalidKeyError(key);
    return { file, meta: path.join(this.root, '.meta', key) };
  }

  private async tempFile() {
    const dir = path.join(this.root, '.tmp');
    await mkdir(dir, { recursive: true });
    return path.join(dir, `${randomUUID()}.part`);
  }

  /** Moves a finished temp file into place, content type first. */
  private async commit(key: string, tmp: string, contentType: string) {
    const { file, meta } = this.paths(key);
    await mkdir(path.dirname(file), { recursive: true });
    await mkdir(path.dirname(meta), { recursive: true });
    await writeFile(meta, contentType);
    await rename(tmp, file);
  }

  async presignPut(): Promise<string | null> {
    return null;
  }

  async putStream(key: string, body: Readable, contentType: string): Promise<void> {
    this.paths(key);
    const tmp = await this.tempFile();
    try {
      await pipeline(body, createWriteStream(tmp, { flags: 'wx' }));
      await this.commit(key, tmp, contentType);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async putBuffer(key: string, body: Buffer, contentType: string): Promise<void> {
    this.paths(key);
    const tmp = await this.tempFile();
    try {
      await writeFile(tmp, body, { flag: 'wx' });
      await this.commit(key, tmp, contentType);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  private async openFile(key: string) {
    const { file, meta } = this.paths(key);
    const handle = await open(file, 'r').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'EISDIR' || err.code === 'ENOTDIR') return null;
      throw err;
    });
    if (!handle) return null;
    const info = await handle.stat();
    if (!info.isFile()) {
      await handle.close();
      return null;
    }
    return { handle, size: info.size, meta };
  }

  async getBuffer(key: string, maxBytes: number): Promise<Buffer | null> {
    const opened = await this.openFile(key);
    if (!opened) return null;
    try {
      if (opened.size > maxBytes) throw new TooLargeError();
      return await opened.handle.readFile();
    } finally {
      await opened.handle.close();
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const opened = await this.openFile(key);
    if (!opened) return null;
    const contentType = await readFile(opened.meta, 'utf8').catch(() => DEFAULT_TYPE);
    // The stream owns the handle from here and closes it when done or destroyed.
    return { body: opened.handle.createReadStream(), contentType, size: opened.size };
  }

  async delete(key: string): Promise<void> {
    const { file, meta } = this.paths(key);
    await rm(file, { force: true });
    await rm(meta, { force: true });
  }
}
