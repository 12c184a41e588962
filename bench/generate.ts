import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';

export interface Size {
  users: number;
  posts: number;
  likes: number;
  comments: number;
}

export const FULL: Size = { users: 10_000, posts: 100_000, likes: 1_000_000, comments: 300_000 };

/**
 * Fills an empty, migrated database with generated players, posts, likes and comments, in SQL
 * (generate_series), so a million rows take seconds. Likes are unique per (post, user).
 */
export async function generate(db: Db, size: Size): Promise<void> {
  await db.execute(sql`
    INSERT INTO users (username, email, password, joined_at)
    SELECT 'bench_' || g, 'bench_' || g || '@example.test', 'not-a-hash', now() - (g || ' minutes')::interval
    FROM generate_series(1, ${size.users}) g`);
  await db.execute(sql`CREATE TEMP TABLE bench_users AS SELECT row_number() OVER () AS n, id FROM users`);
  await db.execute(sql`
    INSERT INTO posts (user_id, caption, images, created_at)
    SELECT u.id, 'Generated post #' || g, ARRAY['/objects/images/bench.webp'],
           now() - (g || ' seconds')::interval
    FROM generate_series(1, ${size.posts}) g
    JOIN bench_users u ON u.n = 1 + (g % ${size.users})`);
  await db.execute(sql`CREATE TEMP TABLE bench_posts AS SELECT row_number() OVER () AS n, id FROM posts`);
  // The counter triggers would update a post row per like; set the counters once at the end.
  await db.execute(sql`ALTER TABLE post_likes DISABLE TRIGGER post_likes_count`);
  await db.execute(sql`ALTER TABLE comments DISABLE TRIGGER post_comments_count`);
  // Each like is (post k, user j) with distinct j per post: likes spread evenly, no duplicates.
  const perPost = Math.ceil(size.likes / size.posts);
  await db.execute(sql`
    INSERT INTO post_likes (post_id, user_id)
    SELECT p.id, u.id
    FROM bench_posts p
    CROSS JOIN generate_series(0, ${perPost - 1}) j
    JOIN bench_users u ON u.n = 1 + ((p.n * 7 + j) % ${size.users})
    WHERE (p.n - 1) * ${perPost} + j < ${size.likes}`);
  await db.execute(sql`
    INSERT INTO comments (post_id, user_id, content)
    SELECT p.id, u.id, 'Generated comment #' || g
    FROM generate_series(1, ${size.comments}) g
    JOIN bench_posts p ON p.n = 1 + (g % ${size.posts})
    JOIN bench_users u ON u.n = 1 + ((g * 13) % ${size.users})`);
  await db.execute(sql`DROP TABLE bench_users; DROP TABLE bench_posts`);
  await db.execute(sql`
    UPDATE posts p SET likes_count = l.n FROM (SELECT post_id, count(*) AS n FROM post_likes GROUP BY post_id) l
    WHERE l.post_id = p.id`);
  await db.execute(sql`
    UPDATE posts p SET comments_count = c.n FROM (SELECT post_id, count(*) AS n FROM comments GROUP BY post_id) c
    WHERE c.post_id = p.id`);
  await db.execute(sql`ALTER TABLE post_likes ENABLE TRIGGER post_likes_count`);
  await db.execute(sql`ALTER TABLE comments ENABLE TRIGGER post_comments_count`);
  // VACUUM sets the visibility map, so counts run as index-only scans as on a settled database.
  await db.execute(sql`VACUUM ANALYZE`);
}
