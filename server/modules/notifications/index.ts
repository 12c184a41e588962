import type { AppModule } from '../../context';
import { mailRoutes } from './mail/routes';

export { scheduleDigests } from './mail/digest';
export { createUnsubscribeSigner } from './mail/unsubscribe';
export { enqueueNotificationJob, NOTIFICATION_JOBS_CHANNEL, NOTIFICATIONS_CHANNEL, notify } from './notify';

/** Notifications (issue 23): what a player is told, in the app and by email. */
export const notificationsModule: AppModule = {
  name: 'notifications',
  routes: async (app, ctx) => {
    await mailRoutes(app, ctx);
  },
};
