import { FEED_TEXTS } from '@contract/posts';
import { useAfterPaint } from '@web/lib/use-after-paint';
import { useUserPosts } from '../api/get-user-posts';
import { PostCard, PostCardSkeleton } from './post-card';

/** The posts a profile renders at once; the others come in a second commit, after the first paint. */
const FIRST_POSTS = 3;

/** A player's posts on their profile, with loading, empty and error states. */
export function UserPosts({ userId }: { userId: string }) {
  const posts = useUserPosts(userId);
  const all = useAfterPaint(posts.isSuccess);
  return (
    <section aria-labelledby="profile-posts-heading" className="space-y-4">
      <h2 id="profile-posts-heading" className="text-lg font-semibold">
        Posts
      </h2>
      {posts.isPending ? (
        <div className="space-y-4">
          <PostCardSkeleton />
          <PostCardSkeleton />
        </div>
      ) : posts.isError ? (
        <p className="text-sm text-destructive">{FEED_TEXTS.fetchPostsFailed}</p>
      ) : posts.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {FEED_TEXTS.noProfilePosts}
        </p>
      ) : (
        <ul className="space-y-4">
          {(all ? posts.data : posts.data.slice(0, FIRST_POSTS)).map((post) => (
            <li key={post.id}>
              <PostCard post={post} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
