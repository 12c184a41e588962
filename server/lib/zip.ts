import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import { crc32, deflateRaw } from 'node:zlib';

/*
 * A small streaming ZIP writer (PKWARE APPNOTE 6.3: local headers, the central directory, the
 * end record; UTF-8 names; stored or deflated entries), for the data export (issue 24). No ZIP
 * library was installed (archiver/yazl); this one writes whole entries from buffers, one at a
 * time, and refuses archives past the classic format's 4 GiB / 65,535 entries (no ZIP64).
 * Replace it by yazl or archiver once one is a dependency (decision 030).
 */

const deflate = promisify(deflateRaw);
const MAX_OFFSET = 0xffff_ffff;
const MAX_ENTRIES = 0xffff;
const UTF8_FLAG = 0x0800;
const VERSION = 20;

export class ZipLimitError extends Error {
  constructor() {
    super('The archive is past the ZIP format limits (4 GiB or 65,535 entries)');
  }
}

interface Entry {
  name: Buffer;
  method: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
  time: number;
  date: number;
}

/** MS-DOS time and date (local fields of the format; UTC here so the archive is the same everywhere). */
function dosTime(d: Date) {
  const year = Math.max(1980, d.getUTCFullYear());
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

/**
 * Writes a ZIP to `stream` as entries are added: `add()` waits while the reader is behind
 * (backpressure), and fails if the reader went away. `finish()` writes the central directory and
 * ends the stream. The stream is meant for ObjectStorage.putStream, started before the first add.
 */
export class ZipWriter {
  readonly stream = new PassThrough({ highWaterMark: 256 * 1024 });
  private readonly entries: Entry[] = [];
  private readonly names = new Set<string>();
  private offset = 0;

  /** Bytes written so far. */
  get size(): number {
    return this.offset;
  }

  private async write(chunk: Buffer) {
    if (this.stream.destroyed) throw new Error('the archive was closed by its reader');
    this.offset += chunk.length;
    if (this.stream.write(chunk)) return;
    await new Promise<void>((resolve, reject) => {
      const done = () => {
        this.stream.off('drain', done);
        this.stream.off('close', closed);
        resolve();
      };
      const closed = () => {
        this.stream.off('drain', done);
        reject(new Error('the archive was closed by its reader'));
      };
      this.stream.once('drain', done);
      this.stream.once('close', closed);
    });
  }

  /**
   * Adds one file. `compress` (default true) deflates it; pictures already compressed (WebP) are
   * better stored. A name is a relative path with '/' separators; the same name twice is refused.
   */
  async add(name: string, data: Buffer, opts: { compress?: boolean; date?: Date } = {}): Promise<void> {
    if (!name || name.startsWith('/') || name.split('/').some((s) => s === '..' || s === ''))
      throw new Error(`invalid entry name ${JSON.stringify(name)}`);
    if (this.names.has(name)) throw new Error(`duplicate entry name ${JSON.stringify(name)}`);
    if (this.entries.length >= MAX_ENTRIES) throw new ZipLimitError();
    const body = opts.compress === false ? data : await deflate(data);
    const method = opts.compress === false ? 0 : 8;
    const nameBytes = Buffer.from(name, 'utf8');
    const { time, date } = dosTime(opts.date ?? new Date());
    const entry: Entry = {
      name: nameBytes,
      method,
      crc: crc32(data) >>> 0,
      compressed: body.length,
      size: data.length,
      offset: this.offset,
      time,
      date,
    };
    if (entry.offset + 30 + nameBytes.length + body.length > MAX_OFFSET || data.length > MAX_OFFSET)
      throw new ZipLimitError();
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(UTF8_FLAG, 6);
    header.writeUInt16LE(method, 8);
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(date, 12);
    header.writeUInt32LE(entry.crc, 14);
    header.writeUInt32LE(entry.compressed, 18);
    header.writeUInt32LE(entry.size, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    header.writeUInt16LE(0, 28);
    this.names.add(name);
    this.entries.push(entry);
    await this.write(Buffer.concat([header, nameBytes]));
    await this.write(body);
  }

  /** Writes the central directory and the end record, and ends the stream. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const e of this.entries) {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(VERSION, 4);
      record.writeUInt16LE(VERSION, 6);
      record.writeUInt16LE(UTF8_FLAG, 8);
      record.writeUInt16LE(e.method, 10);
      record.writeUInt16LE(e.time, 12);
      record.writeUInt16LE(e.date, 14);
      record.writeUInt32LE(e.crc, 16);
      record.writeUInt32LE(e.compressed, 20);
      record.writeUInt32LE(e.size, 24);
      record.writeUInt16LE(e.name.length, 28);
      // extra, comment, disk, internal and external attributes: 0
      record.writeUInt32LE(e.offset, 42);
      await this.write(Buffer.concat([record, e.name]));
    }
    const directorySize = this.offset - start;
    if (this.offset > MAX_OFFSET) throw new ZipLimitError();
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(directorySize, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
    this.stream.end();
  }

  /** Stops the archive (a failed build): the reader sees an error and keeps nothing. */
  abort(err: Error): void {
    this.stream.destroy(err);
  }
}
