import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULE_PRESETS } from '../../../contract';
import { userReplicas } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createEvent, createUser, injectAs, type TestUser } from '../../test/factories';

let t: TestApp, owner: TestUser, other: TestUser;
const db = () => t.database.db;
const snapshot = () => db().select().from(userReplicas).orderBy(userReplicas.id);
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(db());
  other = await createUser(db());
});
afterAll(() => t.close());

const rifle = { name: 'M4 CQB', replicaClass: 'aeg', fps: 330, bbWeightGrams: 0.2, measuredAt: '2026-11-01' };

describe('garage', () => {
  it('keeps the owner’s replicas: add, list, edit, delete', async () => {
    const made = await injectAs(t.app, owner, { method: 'POST', url: '/api/user/replicas', payload: rifle });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ name: 'M4 CQB', replicaClass: 'aeg', fps: 330 });
    expect(made.json().joules).toBeCloseTo(1.012, 2);
    const id = made.json().id;
    const edited = await injectAs(t.app, owner, {
      method: 'PATCH',
      url: `/api/user/replicas/${id}`,
      payload: { fps: 340 },
    });
    expect(edited.json().fps).toBe(340);
    const list = await injectAs(t.app, owner, { url: '/api/user/replicas' });
    expect(list.json().map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await injectAs(t.app, other, { url: '/api/user/replicas' })).json()).toEqual([]);
    expect(
      (await injectAs(t.app, owner, { method: 'DELETE', url: `/api/user/replicas/${id}` })).statusCode,
    ).toBe(204);
    expect((await injectAs(t.app, owner, { url: '/api/user/replicas' })).json()).toEqual([]);
  });

  it('refuses other players (404), anonymous (401) and bad input (400), data unchanged', async () => {
    const id = (
      await injectAs(t.app, owner, { method: 'POST', url: '/api/user/replicas', payload: rifle })
    ).json().id;
    const before = await snapshot();
    const url = `/api/user/replicas/${id}`;
    expect(
      (await injectAs(t.app, other, { method: 'PATCH', url, payload: { name: 'Mine' } })).statusCode,
    ).toBe(404);
    expect((await injectAs(t.app, other, { method: 'DELETE', url })).statusCode).toBe(404);
    expect(
      (await injectAs(t.app, null, { method: 'PATCH', url, payload: { name: 'Mine' } })).statusCode,
    ).toBe(401);
    expect((await injectAs(t.app, null, { method: 'DELETE', url })).statusCode).toBe(401);
    expect(
      (await injectAs(t.app, null, { method: 'POST', url: '/api/user/replicas', payload: rifle })).statusCode,
    ).toBe(401);
    for (const payload of [
      { ...rifle, fps: -1 },
      { ...rifle, replicaClass: 'tank' },
      { ...rifle, name: '' },
    ])
      expect(
        (await injectAs(t.app, owner, { method: 'POST', url: '/api/user/replicas', payload })).statusCode,
      ).toBe(400);
    expect(
      (await injectAs(t.app, owner, { method: 'PATCH', url, payload: { bbWeightGrams: 5 } })).statusCode,
    ).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('tells a signed-in viewer, on the event, which replicas are within its limits', async () => {
    const viewer = await createUser(db());
    const limit = RULE_PRESETS[0].rules.classes.dmr?.joules as number;
    await injectAs(t.app, viewer, {
      method: 'POST',
      url: '/api/user/replicas',
      payload: { ...rifle, fps: 300 },
    });
    await injectAs(t.app, viewer, {
      method: 'POST',
      url: '/api/user/replicas',
      payload: { ...rifle, name: 'DMR', replicaClass: 'dmr', fps: 500 },
    });
    const event = await createEvent(db(), { rules: RULE_PRESETS[0].rules });
    const res = await injectAs(t.app, viewer, { url: `/api/events/${event.id}` });
    expect(res.json().myReplicas).toMatchObject([
      { name: 'M4 CQB', allowed: true },
      { name: 'DMR', allowed: false, limitJoules: limit },
    ]);
    expect(
      (await injectAs(t.app, null, { url: `/api/events/${event.id}` })).json().myReplicas,
    ).toBeUndefined();
  });
});
