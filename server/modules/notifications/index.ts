import type { AppModule } from '../../context';
import { startNotificationJobs } from './jobs';
import { mailRoutes } from './mail/routes';
import { notificationsRoutes } from './routes';

/** Fan-out jobs: queued by the writes that tell many, run by every process (jobs.ts). */
export {
  enqueueNotifyEventPlayers,
  enqueueNotifyFor,
  type JobHandler,
  registerNotificationJob,
  runNotificationJobs,
  scheduleNotificationJobs,
} from './jobs';
/** What the writes that notify share: their options, excerpts, mentions (kinds.ts). */
export {
  EXCERPT_MAX,
  excerptOf,
  mentionedPlayers,
  NO_MAIL,
  notifyMentioned,
  notifyMentions,
  notifyOptionsOf,
} from './kinds';
export { scheduleDigests } from './mail/digest';
/** Housekeeping deletes the outbox's finished rows after MAIL_KEEP_MS. */
export { deleteFinishedMail, MAIL_KEEP_MS } from './mail/outbox';
export { createUnsubscribeSigner } from './mail/unsubscribe';
/** Writes an entry (in the caller's transaction); fan-out jobs for many recipients. */
export {
  enqueueNotificationJob,
  NOTIFICATION_JOBS_CHANNEL,
  NOTIFICATIONS_CHANNEL,
  type NotifyInput,
  type NotifyOptions,
  notify,
} from './notify';
/** The entries as the API shows them: the mails compose theirs with these. */
export { describeNotification, type NotificationRow, presentNotification } from './presenters';
/** The list's and the count's statements as the routes run them (bench:notifications runs them raw too). */
export { pageSql, unreadCountSql } from './queries';
/** The reminders a day before each game (run by housekeeping). */
export { remindEvents } from './reminders';
export { listNotifications, unreadCount } from './service';

/**
 * Notifications (issue 23): the signed-in player's list, unread count, reads, preferences and a
 * live stream (Server-Sent Events, fed through PostgreSQL LISTEN from every process), and mail
 * (the outbox sender, one-click unsubscribe, the daily digest). Entries are written by notify() in
 * the transaction of the write they report; fan-out to many through queued jobs, run by every app
 * process (startNotificationJobs) and polled by main.ts; the reminders by housekeeping.
 */
export const notificationsModule: AppModule = {
  name: 'notifications',
  routes: async (app, ctx) => {
    await notificationsRoutes(app, ctx);
    await mailRoutes(app, ctx);
    startNotificationJobs(app, ctx);
  },
};
