import { FEED_TEXTS } from '@contract/posts';
import { useUserPosts } from '../api/get-user-posts';
import { PostCard, PostCardSkeleton } from './post-card';

/** A player's posts on their profile, with loading, empty and error states. */
export function UserPosts({ userId }: { userId: string }) {
  const posts = useUserPosts(userId);
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
          {posts.data.map((post) => (
            <li key={post.id}>
              <PostCard post={post} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
