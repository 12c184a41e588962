import { ADMIN_TEXTS } from '@contract/admin';
import { FEED_TEXTS, type FeedPost } from '@contract/posts';
import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { RemoteImage } from '@web/components/ui/remote-image';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/lib/toast';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useDeletePost } from '../api/delete-post';
import { useModerationPosts } from '../api/get-moderation-posts';
import { Byline } from './byline';

/** SPEC §2 Post moderation: the posts, newest first, each with a confirmed Delete. */
export function ModeratePosts({ pageSize }: { pageSize?: number }) {
  const posts = useModerationPosts(pageSize);
  const remove = useDeletePost();
  const [target, setTarget] = useState<FeedPost | null>(null);
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(new Set());

  const confirmDelete = async (post: FeedPost) => {
    setTarget(null);
    setDeleting((ids) => new Set(ids).add(post.id));
    try {
      await remove.mutateAsync(post.id);
      toast({ title: ADMIN_TEXTS.postDeleted });
    } catch {
      // The toast comes from the delete operation's meta.
    } finally {
      setDeleting((ids) => {
        const next = new Set(ids);
        next.delete(post.id);
        return next;
      });
    }
  };

  if (posts.isPending) {
    return (
      <div className="space-y-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Card key={i} className="flex gap-3 p-4">
            <Skeleton className="size-10 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-14 w-40" />
            </div>
          </Card>
        ))}
      </div>
    );
  }
  if (posts.isError) return <p className="text-sm text-destructive">{FEED_TEXTS.fetchPostsFailed}</p>;

  const list = posts.data.pages.flat();
  return (
    <div className="space-y-4">
      {list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {ADMIN_TEXTS.noPostsToModerate}
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Posts">
          {list.map((post) => (
            <li key={post.id}>
              <ModerationRow post={post} deleting={deleting.has(post.id)} onDelete={() => setTarget(post)} />
            </li>
          ))}
        </ul>
      )}

      {posts.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            onClick={() => void posts.fetchNextPage()}
            disabled={posts.isFetchingNextPage}
          >
            {posts.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      ) : null}
      {posts.isFetchNextPageError ? (
        <p className="text-sm text-destructive">{FEED_TEXTS.fetchPostsFailed}</p>
      ) : null}

      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title="Delete this post?"
        description={
          <>
            The post by {target?.user.username} will be removed with its likes and comments. This cannot be
            undone.
          </>
        }
        confirmLabel="Delete"
        onConfirm={() => target && void confirmDelete(target)}
      />
    </div>
  );
}

function ModerationRow({
  post,
  deleting,
  onDelete,
}: {
  post: FeedPost;
  deleting: boolean;
  onDelete: () => void;
}) {
  return (
    <Card className="p-4">
      <article
        aria-label={`Post by ${post.user.username}`}
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <div className="flex min-w-0 flex-1 gap-3">
          <UserAvatar username={post.user.username} src={post.user.avatar} media={post.media} />
          <div className="min-w-0 flex-1 space-y-2">
            <Byline
              username={post.user.username}
              createdAt={post.createdAt}
              className="flex flex-wrap items-baseline gap-x-2"
            />
            <p className="line-clamp-4 text-sm whitespace-pre-line break-words">{post.caption}</p>
            {post.images.length > 0 ? (
              <ul className="flex flex-wrap gap-2" aria-label="Images">
                {post.images.map((src, i) => (
                  <li key={`${src}-${i}`}>
                    <RemoteImage
                      address={src}
                      media={post.media}
                      alt={`Attachment ${i + 1} of the post by ${post.user.username}`}
                      loading="lazy"
                      className="size-16 rounded-md border border-border bg-muted object-cover"
                    />
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
        <Button
          variant="outline"
          size="sm"
          className="self-end sm:self-start"
          disabled={deleting}
          onClick={onDelete}
          aria-label={`Delete post by ${post.user.username}`}
        >
          <Trash2 aria-hidden="true" />
          {deleting ? 'Deleting...' : 'Delete'}
        </Button>
      </article>
    </Card>
  );
}
