import path from 'node:path';
import type { Env } from '../env';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
import type { ObjectStorage } from './types';

/** Local disk under DATA_DIR/objects, or S3 when S3_BUCKET is set. */
export function createStorage(env: Env, dataDir: string): ObjectStorage {
  if (env.S3_BUCKET) {
    return new S3Storage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true' || env.S3_FORCE_PATH_STYLE === '1',
    });
  }
  return new LocalStorage(path.join(dataDir, 'objects'));
}
