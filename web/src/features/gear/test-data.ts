import type { GearPost } from '@contract/gear';

export const gearId = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;

/** A gear post of the answer's shape, not yet rated, that the viewer may rate. */
export function aGear(n: number, overrides: Partial<GearPost> = {}): GearPost {
  return {
    id: gearId(n),
    title: `Gear ${n}`,
    description: null,
    image: `/objects/images/gear-${n}.webp`,
    category: 'Rifle',
    user: { id: '00000000-0000-4000-8000-000000000099', username: 'owner_one', avatar: null },
    averageRating: 0,
    totalRatings: 0,
    weightedRating: 0,
    createdAt: '2026-03-04T12:00:00.000Z',
    myRating: null,
    canRate: true,
    canDelete: false,
    canReport: true,
    ...overrides,
  };
}
