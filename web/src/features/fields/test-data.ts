import type { Field, FieldDetail } from '@contract/fields';

export const fieldId = (n: number) => `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`;

/** A field of the answer's shape: unverified, not rated, no rules, near Toronto (unless told otherwise). */
export function aField(n: number, overrides: Partial<Field> = {}): Field {
  return {
    id: fieldId(n),
    name: `Field ${n}`,
    type: 'Outdoor woodland',
    address: `${n} Range Rd, Uxbridge, ON`,
    phone: null,
    website: null,
    lat: 44.1,
    lng: -79.1,
    image: null,
    verified: false,
    rating: null,
    ratingAverage: null,
    ratingCount: 0,
    viewerRating: null,
    rules: null,
    createdAt: '2026-03-04T12:00:00.000Z',
    updatedAt: '2026-03-04T12:00:00.000Z',
    canRate: false,
    canEdit: false,
    canDelete: false,
    canVerify: false,
    ...overrides,
  };
}

/** GET /api/fields/{id}'s answer: the field and its upcoming events (none unless told). */
export function aFieldDetail(n: number, overrides: Partial<FieldDetail> = {}): FieldDetail {
  return { ...aField(n), upcomingEvents: [], ...overrides };
}
