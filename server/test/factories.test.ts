import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { events, gearPosts, posts, productPriceHistory, stores, teamMembers, users } from '../db/schema';
import { openTestDatabase } from './db';
import {
  createComment,
  createField,
  createGearPost,
  createGearRating,
  createLike,
  createOffer,
  createPost,
  createProduct,
  createRegistration,
  createStore,
  createTeam,
  createUser,
} from './factories';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
}, 180_000);
afterAll(() => database.close());
const db = () => database.db;
const exists = async (table: typeof users | typeof posts, id: string) =>
  (await db().select().from(table).where(eq(table.id, id))).length === 1;

describe('factories build what they are not given', () => {
  it('a post without an author, and a comment or a like without a post, make them', async () => {
    const post = await createPost(db());
    expect(await exists(users, post.userId)).toBe(true);
    const comment = await createComment(db());
    expect(await exists(posts, comment.postId)).toBe(true);
    expect(await exists(users, comment.userId)).toBe(true);
    const like = await createLike(db());
    const [liked] = await db().select().from(posts).where(eq(posts.id, like.postId));
    expect(liked.likesCount).toBe(1);
  });

  it('keeps the given author and post', async () => {
    const author = await createUser(db());
    const post = await createPost(db(), author, { caption: 'Mine' });
    expect(post).toMatchObject({ userId: author.id, caption: 'Mine' });
    expect((await createComment(db(), author, post)).postId).toBe(post.id);
  });

  it('gear without an owner makes one, and a rating without gear makes it and counts', async () => {
    const gear = await createGearPost(db());
    expect(await exists(users, gear.userId)).toBe(true);
    const rating = await createGearRating(db(), null, null, 5);
    const [rated] = await db().select().from(gearPosts).where(eq(gearPosts.id, rating.gearPostId));
    expect(rated).toMatchObject({ totalRatings: 1, ratingSum: 5 });
  });

  it('an offer without a product or a store makes both, the vendor being the store, with its history', async () => {
    const offer = await createOffer(db(), {
      history: [{ price: '319.99', recordedAt: new Date(Date.now() - 86_400_000) }],
    });
    const [store] = await db().select().from(stores).where(eq(stores.name, offer.vendor));
    expect(store).toBeDefined();
    expect(offer).toMatchObject({ price: '299.99', currency: 'USD', inStock: true });
    const history = await db()
      .select()
      .from(productPriceHistory)
      .where(eq(productPriceHistory.sourceId, offer.id));
    expect(history).toMatchObject([{ price: '319.99', currency: 'USD', inStock: true }]);
    const product = await createProduct(db(), { title: 'Raider' });
    const given = await createOffer(db(), { product, store: await createStore(db(), { name: 'Red River' }) });
    expect(given).toMatchObject({ productId: product.id, vendor: 'Red River' });
  });

  it('a team without a leader makes one, a registration without an event makes it and counts', async () => {
    const team = await createTeam(db());
    const members = await db().select().from(teamMembers).where(eq(teamMembers.teamId, team.id));
    expect(members).toMatchObject([{ userId: team.createdBy, role: 'leader' }]);
    const registration = await createRegistration(db());
    const [event] = await db().select().from(events).where(eq(events.id, registration.eventId));
    expect(event.registeredCount).toBe(1);
    expect((await createField(db())).lat).toBe(49.05);
  });
});
