import { PROFILE_DATA_ID, type UserProfile } from '@contract/profiles';

/**
 * The profile that the server put in the HTML of /profile/{username} (decision 018), taken once
 * (the block is removed as it is read) and only for the username it was sent for (the API's match:
 * any case). Null without one (other paths, an unknown username, a database error on the server).
 */
export function takeEmbeddedProfile(username: string): UserProfile | null {
  const block = typeof document === 'undefined' ? null : document.getElementById(PROFILE_DATA_ID);
  if (!block) return null;
  block.remove();
  try {
    const profile: unknown = JSON.parse(block.textContent ?? '');
    if (!profile || typeof profile !== 'object') return null;
    const sent = (profile as { username?: unknown }).username;
    return typeof sent === 'string' && sent.toLowerCase() === username.toLowerCase()
      ? (profile as UserProfile)
      : null;
  } catch {
    return null;
  }
}

/** Whether the HTML carries a profile not yet taken. */
export const hasEmbeddedProfile = () =>
  typeof document !== 'undefined' && document.getElementById(PROFILE_DATA_ID) !== null;
