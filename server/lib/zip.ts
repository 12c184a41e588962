import { PassThrough } from 'node:stream';
import yazl from 'yazl';

/*
 * A ZIP written as a stream for the data export (issue 24), through yazl (UTF-8 names, stored or
 * deflated entries, ZIP64 when past the classic limits). What this adds: backpressure (an `add`
 * waits while the reader of `stream` is more than BEHIND bytes behind, so a slow store does not
 * make the whole archive pile up in memory), the size written, and an abort that the reader sees.
 */

/** How far the archive may run ahead of its reader (stored entries' bytes) before `add` waits. */
const BEHIND = 8 * 1024 * 1024;

export class ZipWriter {
  readonly stream = new PassThrough({ highWaterMark: 256 * 1024 });
  private readonly zip = new yazl.ZipFile();
  private readonly names = new Set<string>();
  private written = 0;
  private storedAdded = 0;
  private waiting: (() => void) | null = null;

  constructor() {
    this.zip.outputStream.on('data', (chunk: Buffer) => {
      this.written += chunk.length;
      this.wake();
    });
    this.zip.outputStream.pipe(this.stream);
    this.stream.on('close', () => this.wake());
  }

  /** Bytes written so far (the archive's size once `finish` has resolved). */
  get size(): number {
    return this.written;
  }

  private wake() {
    const resolve = this.waiting;
    this.waiting = null;
    resolve?.();
  }

  /**
   * Adds one file. `compress` (default true) deflates it; pictures already compressed (WebP) are
   * better stored. A name is a relative path with '/' separators; the same name twice is refused.
   */
  async add(name: string, data: Buffer, opts: { compress?: boolean; date?: Date } = {}): Promise<void> {
    if (!name || name.startsWith('/') || name.split('/').some((s) => s === '..' || s === ''))
      throw new Error(`invalid entry name ${JSON.stringify(name)}`);
    if (this.names.has(name)) throw new Error(`duplicate entry name ${JSON.stringify(name)}`);
    if (this.stream.destroyed) throw new Error('the archive was closed by its reader');
    this.names.add(name);
    const compress = opts.compress !== false;
    this.zip.addBuffer(data, name, { compress, mtime: opts.date ?? new Date() });
    if (compress) return;
    this.storedAdded += data.length;
    while (this.storedAdded - this.written > BEHIND) {
      if (this.stream.destroyed) throw new Error('the archive was closed by its reader');
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
      });
    }
  }

  /** Writes the central directory and ends the stream; resolves once the reader has had every byte. */
  async finish(): Promise<void> {
    const done = new Promise<void>((resolve, reject) => {
      this.zip.outputStream.once('end', resolve);
      this.stream.once('error', reject);
    });
    this.zip.end();
    await done;
  }

  /** Stops the archive (a failed build): the reader sees an error and keeps nothing. */
  abort(err: Error): void {
    this.zip.outputStream.unpipe(this.stream);
    this.stream.destroy(err);
  }
}
