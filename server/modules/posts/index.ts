import type { AppModule } from '../../context';
import { postAdminRoutes } from './admin-routes';
import { postRoutes } from './routes';

export { FeedCache } from './feed-cache';
export { type FirstFeedPage, firstFeedPage } from './first-page';
/** Who edits and deletes a comment: the event discussion (issue 26) follows the posts' rule. */
export { can as commentPolicy } from './policy';
export { type EmbeddedPost, embeddedPost } from './post-page';
export { presentPost } from './presenters';
export { feedSql } from './queries';
export { findPost, listPosts } from './service';
export { addComment, createPost, deleteComment, deletePost, like } from './writes';

/** Posts: the feed, a player's posts, likes and comments. */
export const postsModule: AppModule = { name: 'posts', routes: postRoutes, adminRoutes: postAdminRoutes };
