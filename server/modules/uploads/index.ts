import type { AppModule } from '../../context';
import { uploadRoutes } from './routes';

export {
  describeAndResize,
  type Pixels,
  type PreparedImage,
  prepareImage,
  reencodeAsWebp,
  SNIFF_BYTES,
  sniffImageType,
  VARIANT_WIDTHS,
} from './image';
export { ImageMetaCache, OWN_IMAGE_PREFIX, presentImageMeta, variantPath } from './image-meta';
export { IMAGE_REFERENCES } from './image-references';
export { JobQueue } from './job-queue';
export { deleteStoredImage, storePreparedImage } from './service';

/** Uploads: signed upload addresses, image registration, and the public images under /objects. */
export const uploadsModule: AppModule = { name: 'uploads', routes: uploadRoutes };
