import { fieldCreateBody, RULE_PRESETS } from '../../contract';
import type { Db } from '../db/client';
import type { SessionUser } from '../modules/auth';
import { createEvent } from '../modules/events';
import { createField, rateField, verifyField } from '../modules/fields';
import type { DemoField } from './data/fields';

/** A planned demo field (seed.ts draws its image): made, verified and rated through the fields service. */
export type PlannedField = Omit<DemoField, 'scene'> & { image: string | null };

const DAY = 86_400_000;

/**
 * Demo fields (issue 13) as an admin adds them: each with a default rules preset, the verified
 * ones verified, rated by a few players around the planned rating (so fields.rating is the real
 * Bayesian value), and an upcoming demo event held at the first one (its place and rules come
 * from the field).
 */
export async function seedFields(
  db: Db,
  planned: PlannedField[],
  players: Iterable<SessionUser>,
  admin: SessionUser,
  now = new Date(),
): Promise<number> {
  const raters = [...players].filter((p) => p.id !== admin.id);
  const made: string[] = [];
  for (const [i, f] of planned.entries()) {
    const field = await createField(
      db,
      admin,
      fieldCreateBody.parse({
        name: f.name,
        type: f.type,
        address: f.address,
        lat: f.lat,
        lng: f.lng,
        phone: f.phone,
        website: f.website,
        image: f.image,
        rules: f.type === 'Indoor CQB' ? RULE_PRESETS[2].rules : RULE_PRESETS[i % 2].rules,
      }),
    );
    made.push(field.id);
    if (f.verified) await verifyField(db, admin, field.id, true);
    // 3 to 6 ratings whose average is close to the planned one.
    const count = Math.min(raters.length, 3 + (i % 4));
    const low = Math.floor(f.rating);
    const highs = Math.round((f.rating - low) * count);
    for (let k = 0; k < count; k++)
      await rateField(
        db,
        raters[(i * 3 + k) % raters.length],
        field.id,
        Math.min(5, k < highs ? low + 1 : low),
      );
  }
  if (made.length > 0)
    await createEvent(db, admin, {
      title: 'Timberline Spring Offensive',
      description:
        'A full-day woodland op at the field: two factions, objectives every hour, chrono at 8:00.',
      date: new Date(now.getTime() + 12 * DAY).toISOString(),
      // A full day (issue 20): nine hours, in the field's zone.
      endsAt: new Date(now.getTime() + 12 * DAY + 9 * 3_600_000).toISOString(),
      timeZone: 'America/Vancouver',
      type: 'Milsim',
      capacity: 80,
      fieldId: made[0],
    });
  return made.length;
}
