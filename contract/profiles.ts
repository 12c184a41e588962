import { usernameSchema } from './auth';
import { BIO_MAX, LOCATION_MAX } from './constants';
import { z } from './messages';

/** An image address: one of our object paths or an http(s) URL. */
export const imageRef = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => /^\/objects\/[A-Za-z0-9._/-]+$/.test(v) || /^https?:\/\/\S+$/i.test(v), {
    message: 'Must be an uploaded image path or an http(s) URL',
  });

export const updateProfileBody = z
  .object({
    username: usernameSchema,
    bio: z.string().trim().max(BIO_MAX).nullable(),
    location: z.string().trim().max(LOCATION_MAX).nullable(),
    avatar: imageRef.nullable(),
    coverImage: imageRef.nullable(),
  })
  .partial()
  .strict();
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

/** SPEC §3 "User profile", without the password; email only for its owner and admins. */
export const userProfile = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string().optional(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  avatar: z.string().nullable(),
  coverImage: z.string().nullable(),
  joinedAt: z.string(),
  postsCount: z.number(),
  followersCount: z.number(),
  followingCount: z.number(),
  eventsCount: z.number(),
  isFollowing: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfile>;

export const followAnswer = z.object({ isFollowing: z.boolean(), followersCount: z.number() });
export type FollowAnswer = z.infer<typeof followAnswer>;

/** A team card on a profile (SPEC §3 Team, subset). */
export const profileTeam = z.object({
  id: z.uuid(),
  name: z.string(),
  tag: z.string(),
  tagline: z.string().nullable(),
  logo: z.string().nullable(),
  playStyle: z.string().nullable(),
  role: z.string(),
  memberCount: z.number(),
  joinedAt: z.string(),
});
export type ProfileTeam = z.infer<typeof profileTeam>;

/** Post (feed card), SPEC §3. */
export const feedPost = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  user: z.object({ username: z.string(), avatar: z.string().nullable() }),
  caption: z.string(),
  images: z.array(z.string()),
  createdAt: z.string(),
  likesCount: z.number(),
  commentsCount: z.number(),
  isLiked: z.boolean(),
});
export type FeedPost = z.infer<typeof feedPost>;
