import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { IMAGE_REFERENCES } from './image-references';

/** Column names that look like they hold an image address. */
const IMAGE_LIKE = /image|avatar|cover|logo|banner|photo|picture|thumbnail|poster/i;

const imageLikeColumns = () => {
  const found: { name: string; array: boolean }[] = [];
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable) || table === schema.images) continue;
    for (const column of Object.values(getTableColumns(table)))
      if (IMAGE_LIKE.test(column.name))
        found.push({ name: `${getTableName(table)}.${column.name}`, array: column.columnType === 'PgArray' });
  }
  return found;
};

describe('IMAGE_REFERENCES', () => {
  it('lists every image-like column of the schema (a column missing there would have its images swept)', () => {
    const listed = IMAGE_REFERENCES.map(({ table, column }) => `${table}.${column}`).sort();
    expect(listed).toEqual(
      imageLikeColumns()
        .map((c) => c.name)
        .sort(),
    );
  });

  it('marks the array columns as arrays', () => {
    const arrays = new Set(
      imageLikeColumns()
        .filter((c) => c.array)
        .map((c) => c.name),
    );
    for (const { table, column, array } of IMAGE_REFERENCES)
      expect(!!array, column).toBe(arrays.has(`${table}.${column}`));
  });
});
