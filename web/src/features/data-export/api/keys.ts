/** The viewer's data export (GET /api/user/export). */
export const dataExportKeys = {
  viewer: () => ['/api/user/export'] as const,
};
