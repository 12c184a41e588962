import { describe, expect, it } from 'vitest';
import { COORDINATES_MESSAGE } from './common';
import { updateEventBody } from './events';
import { fieldPatchBody } from './fields';
import { storeCreateBody, storePatchBody } from './stores';

/** The issues of a refused payload, as `path: message`. */
const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('both coordinates or neither (one rule for events, stores and fields)', () => {
  it('takes both, neither, or both cleared', () => {
    for (const body of [{ lat: 1, lng: 2 }, { lat: null, lng: null }, { address: '1 Main St' }]) {
      expect(storePatchBody.safeParse(body).success, JSON.stringify(body)).toBe(true);
      expect(fieldPatchBody.safeParse(body).success, JSON.stringify(body)).toBe(true);
      expect(updateEventBody.safeParse(body).success, JSON.stringify(body)).toBe(true);
    }
  });

  it("refuses one coordinate alone, or one cleared without the other, on lng with each area's text", () => {
    for (const body of [{ lat: 1 }, { lng: 2 }, { lat: null }, { lat: 1, lng: null }]) {
      expect(issuesOf(storePatchBody.safeParse(body)), JSON.stringify(body)).toEqual([
        `lng: ${COORDINATES_MESSAGE}`,
      ]);
      expect(issuesOf(fieldPatchBody.safeParse(body)), JSON.stringify(body)).toEqual([
        `lng: ${COORDINATES_MESSAGE}`,
      ]);
      expect(issuesOf(updateEventBody.safeParse(body)), JSON.stringify(body)).toEqual([
        'lng: Give both lat and lng, or neither',
      ]);
    }
    expect(COORDINATES_MESSAGE).toBe('Give both latitude and longitude, or neither');
    expect(issuesOf(storeCreateBody.safeParse({ name: 'a', address: 'x', region: 'y', lat: 10 }))).toEqual([
      `lng: ${COORDINATES_MESSAGE}`,
    ]);
  });
});
