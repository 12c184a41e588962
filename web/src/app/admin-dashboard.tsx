import { AdminSection, type AdminTools } from '@web/features/admin/components/admin-section';
import { AuditLog } from '@web/features/admin/components/audit-log';
import { BlockedWords } from '@web/features/admin/components/blocked-words';
import { ManageAdmins } from '@web/features/admin/components/manage-admins';
import { ReportsQueue } from '@web/features/admin/components/reports-queue';
import { AnalyticsView } from '@web/features/analytics/components/analytics-view';
import { ManageCatalog } from '@web/features/catalog/components/manage-catalog';
import { ManageEvents } from '@web/features/events/components/manage-events';
import { ManageFields } from '@web/features/fields/components/manage-fields';
import { ManageNews } from '@web/features/news/components/manage-news';
import { ModeratePosts } from '@web/features/posts/components/moderate-posts';
import { ManageStores } from '@web/features/stores/components/manage-stores';
import { ManageTutorials } from '@web/features/tutorials/components/manage-tutorials';

/**
 * The admin dashboard composed from the features' admin tools (a feature never imports another:
 * the app puts them together). Loaded on demand, only when an admin opens the section.
 */
export const ADMIN_TOOLS: AdminTools = {
  tutorial: ManageTutorials,
  events: ManageEvents,
  news: ManageNews,
  stores: ManageStores,
  fields: ManageFields,
  catalog: ManageCatalog,
  posts: ModeratePosts,
  analytics: AnalyticsView,
  'blocked-words': BlockedWords,
  admins: ManageAdmins,
  reports: ReportsQueue,
  'audit-log': AuditLog,
};

export function AdminDashboard() {
  return <AdminSection tools={ADMIN_TOOLS} />;
}
