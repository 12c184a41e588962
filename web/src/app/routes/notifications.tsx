import { NOTIFICATION_TEXTS } from '@contract/notifications';
import { PageContainer, PageTitle } from '@web/components/page';
import {
  MarkAllReadButton,
  NotificationsList,
} from '@web/features/notifications/components/notifications-list';

/** /notifications (signed in, issue 23): every notification, newest first, with Load more and Mark all as read. */
export function NotificationsPage() {
  return (
    <PageContainer className="max-w-3xl">
      <PageTitle title={NOTIFICATION_TEXTS.title} actions={<MarkAllReadButton />} />
      <NotificationsList />
    </PageContainer>
  );
}
