import { type CurrentUser, currentUser } from '../../../contract';
import type { MediaAttacher } from '../../context';
import { answerWriter } from '../../plugins/serializer';
import { presentCurrentUser } from './presenters';
import type { SessionUser } from './sessions';

/** Written as GET /api/user writes its answer (the same schema serializer): its fields, no other. */
const writeCurrentUser = answerWriter<CurrentUser>(currentUser);

/**
 * The viewer as the HTML of an app page carries it (decision 020): exactly what GET /api/user
 * answers them (with its media map), or `null` when signed out (where the API answers 401). The
 * web starts its current-user query from it, so no page waits for that request or renders again
 * when it answers.
 */
export async function embeddedViewer(media: MediaAttacher, viewer: SessionUser | null): Promise<string> {
  if (!viewer) return 'null';
  const user = presentCurrentUser(viewer);
  await media(user);
  return writeCurrentUser(user);
}
