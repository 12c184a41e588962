import { PROFILE_DATA_ID, type UserProfile } from '@contract/profiles';
import { hasEmbedded, takeEmbeddedWhere } from '@web/lib/embedded';

/**
 * The profile that the server put in the HTML of /profile/{username} (decision 018), taken once
 * (the block is removed as it is read) and only for the username it was sent for (the API's match:
 * any case). Null without one (other paths, an unknown username, a database error on the server).
 */
export const takeEmbeddedProfile = (username: string) =>
  takeEmbeddedWhere<UserProfile>(PROFILE_DATA_ID, 'username', username);

/** Whether the HTML carries a profile not yet taken. */
export const hasEmbeddedProfile = () => hasEmbedded(PROFILE_DATA_ID);
