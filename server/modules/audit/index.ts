import type { AppModule } from '../../context';
import { auditRoutes } from './routes';

export { type AuditInput, actionsAbout, audit, presentAuditEntry } from './service';

/** The audit log of admin actions (issue 24): written by each service in its transaction, read by admins. */
export const auditModule: AppModule = { name: 'audit', adminRoutes: auditRoutes };
