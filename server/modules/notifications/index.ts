import type { AppModule } from '../../context';
import { startNotificationJobs } from './jobs';

export {
  enqueueNotifyEventPlayers,
  enqueueNotifyFor,
  runNotificationJobs,
  scheduleNotificationJobs,
} from './jobs';
export { EXCERPT_MAX, excerptOf, NO_MAIL, notifyMentions, notifyOptionsOf } from './kinds';
export {
  enqueueNotificationJob,
  NOTIFICATION_JOBS_CHANNEL,
  NOTIFICATIONS_CHANNEL,
  type NotifyInput,
  type NotifyOptions,
  notify,
} from './notify';
export { remindEvents } from './reminders';

/**
 * Notifications (issue 23): what a player is told, written by notify() in the transaction of the
 * write it reports; fan-out to many through queued jobs, run by every app process
 * (startNotificationJobs) and polled by main.ts; the reminders before a game (housekeeping).
 */
export const notificationsModule: AppModule = {
  name: 'notifications',
  routes: async (app, ctx) => {
    startNotificationJobs(app, ctx);
  },
};
