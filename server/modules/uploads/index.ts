import type { AppModule } from '../../context';
import { uploadRoutes } from './routes';

export { reencodeAsWebp, SNIFF_BYTES, sniffImageType } from './image';
export { IMAGE_REFERENCES } from './image-references';
export { JobQueue } from './job-queue';

/** Uploads: signed upload addresses, image registration, and the public images under /objects. */
export const uploadsModule: AppModule = { name: 'uploads', routes: uploadRoutes };
