import type { AppModule } from '../../context';
import { adminUserRoutes } from './routes';

export { registerAdminScope } from './scope';

/** Admin: Manage Admins (grant and revoke the role); the scope every admin route lives in. */
export const adminModule: AppModule = { name: 'admin', adminRoutes: adminUserRoutes };
