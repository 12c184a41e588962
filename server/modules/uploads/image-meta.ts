import { inArray } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { MediaEntry } from '../../../contract';
import type { Db } from '../../db/client';
import { images } from '../../db/schema';

/** Own images are stored under this path; only these have measured sizes and variants. */
export const OWN_IMAGE_PREFIX = '/objects/images/';

/** The path of an image's variant `width` px wide: `/objects/images/<id>.webp` → `<id>-w320.webp`. */
export const variantPath = (objectPath: string, width: number) =>
  `${objectPath.replace(/\.webp$/, '')}-w${width}.webp`;

/** The storage key of an object path (`/objects/<key>`). */
export const objectKey = (objectPath: string) => objectPath.replace(/^\/objects\//, '');

/** What an image's media entry is made of: its row in `images`. */
export type ImageMetaRow = Pick<
  typeof images.$inferSelect,
  'objectPath' | 'width' | 'height' | 'placeholder' | 'variantWidths'
>;

/**
 * The media entry of a measured own image: itself as `src`, a `srcset` of its variants and itself
 * (`<path> <width>w`), width, height and placeholder. Null for an image stored before sizes were
 * recorded (decision 012), which the web shows as it is.
 */
export function presentImageMeta(row: ImageMetaRow): MediaEntry | null {
  if (!row.width || !row.height) return null;
  const candidates = row.variantWidths
    .filter((w) => w < (row.width ?? 0))
    .map((w) => `${variantPath(row.objectPath, w)} ${w}w`);
  candidates.push(`${row.objectPath} ${row.width}w`);
  const entry: MediaEntry = {
    src: row.objectPath,
    srcset: candidates.join(', '),
    width: row.width,
    height: row.height,
  };
  if (row.placeholder) entry.placeholder = row.placeholder;
  return entry;
}

/**
 * Media entries of own images, read from `images` and kept in the process. A stored image's row
 * never changes (it is only deleted with the image), so a found entry is kept until the cache is
 * full; an address without a row (an image from before decision 012, or a path nothing stored) is
 * remembered as such for a minute.
 */
export class ImageMetaCache {
  private readonly found: LRUCache<string, MediaEntry>;
  private readonly missing: LRUCache<string, true>;

  constructor(
    private readonly db: Db,
    maxEntries = 20_000,
    missingTtlMs = 60_000,
  ) {
    this.found = new LRUCache({ max: maxEntries });
    this.missing = new LRUCache({ max: maxEntries, ttl: missingTtlMs });
  }

  /** The entry when known, null when known to have none, undefined when not yet looked up. */
  peek(objectPath: string): MediaEntry | null | undefined {
    const entry = this.found.get(objectPath);
    if (entry) return entry;
    return this.missing.has(objectPath) ? null : undefined;
  }

  /** Looks up the given addresses (one query) and remembers what it found and what it did not. */
  async load(objectPaths: string[]): Promise<void> {
    const unique = [...new Set(objectPaths)];
    if (unique.length === 0) return;
    const rows = await this.db
      .select({
        objectPath: images.objectPath,
        width: images.width,
        height: images.height,
        placeholder: images.placeholder,
        variantWidths: images.variantWidths,
      })
      .from(images)
      .where(inArray(images.objectPath, unique));
    const seen = new Set<string>();
    for (const row of rows) {
      const entry = presentImageMeta(row);
      seen.add(row.objectPath);
      if (entry) this.found.set(row.objectPath, entry);
      else this.missing.set(row.objectPath, true);
    }
    for (const path of unique) if (!seen.has(path)) this.missing.set(path, true);
  }

  /** Forgets an image (swept or replaced), so its entry is looked up again. */
  forget(objectPath: string): void {
    this.found.delete(objectPath);
    this.missing.delete(objectPath);
  }
}
