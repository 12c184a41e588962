import {
  AVATAR_MIN_WIDTH,
  type MediaMap,
  PROFILE_COVER_SIZES,
  type UserProfile,
  userProfile,
} from '../../../contract';
import type { MediaAttacher } from '../../context';
import type { Db } from '../../db/client';
import { orNullIfNotFound } from '../../errors';
import { answerWriter } from '../../plugins/serializer';
import type { SessionUser } from '../auth';
import { getProfile } from './service';

/** Written as GET /api/profile/{username} writes its answer (the same schema serializer): its fields, no other. */
const writeProfile = answerWriter<UserProfile>(userProfile);

/** The image a profile shows first, as its header asks for it. */
export interface ProfileImage {
  href: string;
  srcset?: string;
  sizes?: string;
}

export interface EmbeddedProfile {
  /** The profile as JSON, exactly as the API answers `GET /api/profile/{username}` to this viewer. */
  json: string;
  image: ProfileImage | null;
}

/**
 * The profile of `username` as this viewer gets it from the API (with its media map), for the
 * HTML of /profile/{username} to carry (decision 018); null for an unknown username (the page
 * then asks the API and shows its not-found).
 */
export async function embeddedProfile(
  db: Db,
  media: MediaAttacher,
  username: string,
  viewer: SessionUser | null,
): Promise<EmbeddedProfile | null> {
  const profile = await orNullIfNotFound(getProfile(db, username, viewer));
  if (!profile) return null;
  await media(profile);
  return { json: writeProfile(profile), image: firstProfileImage(profile) };
}

const shownSrc = (address: string, media?: MediaMap) =>
  address.startsWith('/objects/') ? address : (media?.[address]?.src ?? null);

/**
 * The banner with its srcset and the header's `sizes` (profile-header.tsx's Cover); without a
 * banner, the avatar as UserAvatar asks for it (its smallest copy at least 256 px wide).
 */
export function firstProfileImage(profile: UserProfile): ProfileImage | null {
  const { coverImage, avatar, media } = profile;
  if (coverImage) {
    const href = shownSrc(coverImage, media);
    if (!href) return null;
    const srcset = media?.[coverImage]?.srcset;
    return srcset ? { href, srcset, sizes: PROFILE_COVER_SIZES } : { href };
  }
  if (avatar) {
    const href = shownSrc(avatar, media);
    if (!href) return null;
    const srcset = media?.[avatar]?.srcset;
    if (srcset)
      for (const candidate of srcset.split(',')) {
        const [url, descriptor] = candidate.trim().split(/\s+/);
        if (url && Number.parseInt(descriptor, 10) >= AVATAR_MIN_WIDTH) return { href: url };
      }
    return { href };
  }
  return null;
}
