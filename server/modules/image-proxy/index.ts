import type { AppModule } from '../../context';
import { imageProxyRoutes } from './routes';

export { createMediaAttacher } from './media';
export { assertReachableImages, isOutsideAddress } from './service';
export { createImageSigner, type ImageSigner } from './signing';

/**
 * The signed image proxy. Registered on the root (`global`): its hook gives every API answer of
 * every area its `media` map.
 */
export const imageProxyModule: AppModule = { name: 'image-proxy', routes: imageProxyRoutes, global: true };
