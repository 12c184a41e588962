import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

describe('query client defaults (SPEC §9)', () => {
  it('never retries, never refetches on focus or interval, and data never goes stale', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.retry).toBe(false);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.staleTime).toBe(Number.POSITIVE_INFINITY);
    expect(mutations?.retry).toBe(false);
  });
});
