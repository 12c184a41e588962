import { COMMENTS_PAGE_SIZE, type Comment, comment, type FeedPost, feedPost, z } from '../../../contract';
import type { MediaAttacher } from '../../context';
import type { Db } from '../../db/client';
import { answerWriter } from '../../plugins/serializer';
import type { SessionUser } from '../auth';
import { type FirstImage, firstImageOf } from './first-page';
import { findPost } from './service';
import { listComments } from './writes';

/** Written as GET /api/posts/{id} writes its answer (the same schema serializer): its fields, no other. */
const writePost = answerWriter<FeedPost>(feedPost);
/** Written as GET /api/posts/{id}/comments writes its answer. */
const writeComments = answerWriter<Comment[]>(z.array(comment));

export interface EmbeddedPost {
  /** The post as JSON, exactly as the API answers `GET /api/posts/{id}` to this viewer. */
  json: string;
  /** Its first page of comments, as `GET /api/posts/{id}/comments?limit=50` answers this viewer. */
  comments: string;
  image: FirstImage | null;
}

/**
 * The post `postId` as this viewer gets it from the API (with its media map) and its first page of
 * comments, for the HTML of /posts/{id} to carry (decision 020), with its first image to preload;
 * null for an unknown post
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
  const comments = await listComments(db, postId, { limit: COMMENTS_PAGE_SIZE, viewer });
  await Promise.all([media(post), media(comments)]);
  return { json: writePost(post), comments: writeComments(comments), image: firstImageOf([post]) };
}
