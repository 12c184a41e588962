import { PROFILE_DATA_ID, type UserProfile } from '@contract/profiles';
import { hasEmbedded, takeEmbedded } from '@web/lib/embedded';

/**
 * The profile that the server put in the HTML of /profile/{username} (decision 018), taken once
 * (the block is removed as it is read) and only for the username it was sent for (the API's match:
 * any case). Null without one (other paths, an unknown username, a database error on the server).
 */
export function takeEmbeddedProfile(username: string): UserProfile | null {
  const profile = takeEmbedded(PROFILE_DATA_ID);
  if (!profile || typeof profile !== 'object') return null;
  const sent = (profile as { username?: unknown }).username;
  return typeof sent === 'string' && sent.toLowerCase() === username.toLowerCase()
    ? (profile as UserProfile)
    : null;
}

/** Whether the HTML carries a profile not yet taken. */
export const hasEmbeddedProfile = () => hasEmbedded(PROFILE_DATA_ID);
