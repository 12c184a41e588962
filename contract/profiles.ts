import { usernameSchema } from './auth';
import { mediaMap, text } from './common';
import { z } from './messages';

export const BIO_MAX = 500;
export const LOCATION_MAX = 100;

/**
 * The id of the JSON block in which GET /profile/{username} carries the profile (UserProfile, the
 * API's answer to this viewer), so its header shows without asking for it (decision 018).
 */
export const PROFILE_DATA_ID = 'profile-data';
/** The `sizes` of a profile's banner (profile-header.tsx), which the HTML's preload repeats. */
export const PROFILE_COVER_SIZES = '(min-width: 64rem) 60rem, 100vw';
/** Avatars show at most 128 CSS px: the smallest copy at least 256 px wide covers a 2x screen. */
export const AVATAR_MIN_WIDTH = 256;

/** Profiles, Settings' profile form, follows and a player's teams (SPEC §2, §8). */
export const PROFILE_TEXTS = {
  notFound: 'User not found',
  fetchProfileFailed: 'Failed to fetch profile',
  profileUpdated: 'Profile updated',
  profileUpdateFailed: 'Failed to update profile',
  avatarUpdated: 'Avatar updated',
  avatarUploadFailed: 'Failed to upload avatar',
  avatarSaveFailed: 'Failed to save avatar',
  bannerUpdated: 'Banner image updated successfully',
  bannerUpdateFailed: 'Failed to update cover image',
  followFailed: 'Failed to follow user',
  unfollowFailed: 'Failed to unfollow user',
  noTeams: 'Not a member of any team yet',
  fetchTeamsFailed: 'Failed to fetch teams',
  // Server-side messages
  cannotFollowSelf: 'You cannot follow yourself',
} as const;

/** One segment of an object path: starts with a letter or digit (so never `.` or `..`). */
const OBJECT_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * An image address as stored: one of our object paths (`/objects/images/x.webp`: plain segments,
 * no `.`/`..`, no empty segment, no percent-encoding or backslash, so a browser can never resolve
 * it to another path such as `/api/logout`), or an absolute http(s) URL without credentials.
 */
export function isImageRef(value: string): boolean {
  if (value.startsWith('/')) {
    if (!value.startsWith('/objects/')) return false;
    const segments = value.slice('/objects/'.length).split('/');
    return segments.length > 0 && segments.every((seg) => OBJECT_SEGMENT.test(seg));
  }
  if (!/^https?:\/\//i.test(value) || /[\s\\]/.test(value)) return false;
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      !!url.hostname &&
      !url.username &&
      !url.password
    );
  } catch {
    return false;
  }
}

export const IMAGE_REF_MESSAGE = 'Must be an uploaded image path or an http(s) URL';

/** An image address a client sends (post images, avatar, banner, and later areas' images). */
export const imageRef = text().trim().max(2048).refine(isImageRef, { message: IMAGE_REF_MESSAGE });

export const updateProfileBody = z
  .object({
    username: usernameSchema,
    bio: text().trim().max(BIO_MAX).nullable(),
    location: text().trim().max(LOCATION_MAX).nullable(),
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
  /** The viewer may report this player (signed in, not suspended, not themself: reports/policy.ts). */
  canReport: z.boolean(),
  media: mediaMap.optional(),
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
  media: mediaMap.optional(),
});
export type ProfileTeam = z.infer<typeof profileTeam>;
