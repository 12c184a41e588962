import { z } from './messages';

/**
 * "Download my data" (issue 24): a player asks for a ZIP of everything the site holds about them;
 * a job builds it, and it can be downloaded by its owner for EXPORT_KEEP_DAYS.
 */

export const USER_EXPORT_STATUSES = ['none', 'pending', 'running', 'ready', 'failed'] as const;
export type UserExportStatus = (typeof USER_EXPORT_STATUSES)[number];

/** How long a ready export can be downloaded before housekeeping deletes it. */
export const EXPORT_KEEP_DAYS = 7;

/** Where the owner downloads the ready ZIP. */
export const EXPORT_DOWNLOAD_PATH = '/api/user/export/download';

/** GET and POST /api/user/export: the viewer's latest export. */
export const userExportAnswer = z.object({
  status: z.enum(USER_EXPORT_STATUSES),
  requestedAt: z.string().nullable(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** The ZIP's size in bytes, once ready. */
  size: z.number().int().nullable(),
  /** Only when ready. */
  downloadUrl: z.string().nullable(),
});
export type UserExportAnswer = z.infer<typeof userExportAnswer>;

export const EXPORT_TEXTS = {
  title: 'Download my data',
  description: `A ZIP file of everything the site holds about you: your profile, posts with their images, comments, likes, follows, event registrations, teams, gear, ratings, badges, notifications and the reports you made. It is prepared in the background and can be downloaded for ${EXPORT_KEEP_DAYS} days.`,
  request: 'Request my data',
  requestAgain: 'Request a new copy',
  retry: 'Try again',
  preparing: 'Preparing your data… this can take a few minutes.',
  ready: 'Your data is ready.',
  download: 'Download',
  failed: 'Preparing your data failed.',
  alreadyInProgress: 'Your data is already being prepared: it will be ready in a few minutes',
  notFound: 'No data export to download',
  loadFailed: 'Could not load your data export',
  requestFailed: 'Could not request your data',
} as const;
