import type { Notification } from '../../../../contract';
import type { Db } from '../../../db/types';
import { listNotifications } from '../service';

/** The entries a mail tells of, as the list shows them (their sentence, excerpt and link written by the server). */
export async function mailEntries(db: Db, userId: string, seqs: readonly number[]): Promise<Notification[]> {
  return listNotifications(db, userId, { seqs: [...seqs] });
}
