import { type FeedPost, feedPost } from '../../../contract';
import type { Db } from '../../db/client';
import { answerWriter } from '../../plugins/serializer';
import type { SessionUser } from '../auth';
import type { MediaAttacher } from '../image-proxy';
import { type FirstImage, firstImageOf } from './first-page';
import { findPost } from './service';

/** Written as GET /api/posts/{id} writes its answer (the same schema serializer): its fields, no other. */
const writePost = answerWriter<FeedPost>(feedPost);

export interface EmbeddedPost {
  /** The post as JSON, exactly as the API answers `GET /api/posts/{id}` to this viewer. */
  json: string;
  image: FirstImage | null;
}

/**
 * The post `postId` as this viewer gets it from the API (with its media map), for the HTML of
 * /posts/{id} to carry (decision 020), with its first image to preload; null for an unknown post
 * (the page then asks the API and shows 'Post not found').
 */
export async function embeddedPost(
  db: Db,
  media: MediaAttacher,
  postId: string,
  viewer: SessionUser | null,
): Promise<EmbeddedPost | null> {
  const post = await findPost(db, postId, viewer);
  if (!post) return null;
  await media(post);
  return { json: writePost(post), image: firstImageOf([post]) };
}
