import { ADMIN_TEXTS } from '@contract/admin';
import { FEED_TEXTS, type FeedPost, type ModerationComment } from '@contract/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { RemoteImage } from '@web/components/ui/remote-image';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { toast } from '@web/lib/toast';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { deleteComment } from '../api/comments';
import { useDeletePost } from '../api/delete-post';
import {
  type ModerationSearch,
  useModerationComments,
  useModerationPosts,
} from '../api/get-moderation-posts';
import { Byline } from './byline';

/**
 * SPEC §2 Post moderation: the posts, newest first, each with a confirmed Delete; and (issue 24)
 * the comments, both searched by text and by author.
 */
export function ModeratePosts({ pageSize }: { pageSize?: number }) {
  const ids = useId();
  const [tab, setTab] = useState<'posts' | 'comments'>('posts');
  const [q, setQ] = useState('');
  const [author, setAuthor] = useState('');
  const debouncedQ = useDebouncedValue(q.trim(), 300);
  const debouncedAuthor = useDebouncedValue(author.trim(), 300);
  const search = { q: debouncedQ, author: debouncedAuthor };
  return (
    <div className="space-y-4">
      <Tabs value={tab} onValueChange={(v) => setTab(v as 'posts' | 'comments')}>
        <TabsList aria-label="Moderate">
          <TabsTrigger value="posts" className="min-h-11">
            Posts
          </TabsTrigger>
          <TabsTrigger value="comments" className="min-h-11">
            Comments
          </TabsTrigger>
        </TabsList>
        <div className="mt-4 grid gap-3 sm:grid-cols-2">
          <div className="space-y-1">
            <Label htmlFor={`${ids}-q`}>Search text</Label>
            <Input
              id={`${ids}-q`}
              type="search"
              className="h-11"
              value={q}
              maxLength={100}
              onChange={(e) => setQ(e.target.value)}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${ids}-author`}>Author</Label>
            <Input
              id={`${ids}-author`}
              type="search"
              className="h-11"
              value={author}
              maxLength={40}
              onChange={(e) => setAuthor(e.target.value)}
            />
          </div>
        </div>
        <TabsContent value="posts" className="mt-4">
          <PostsList pageSize={pageSize} search={search} />
        </TabsContent>
        <TabsContent value="comments" className="mt-4">
          <CommentsList pageSize={pageSize} search={search} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function PostsList({ pageSize, search }: { pageSize?: number; search: ModerationSearch }) {
  const posts = useModerationPosts(pageSize, search);
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

/** The comments, newest first, each with its post's start, a link to it and a confirmed Delete. */
function CommentsList({ pageSize, search }: { pageSize?: number; search: ModerationSearch }) {
  const list = useModerationComments(pageSize, search);
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<ModerationComment | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => deleteComment(id),
    meta: { errorToast: { title: FEED_TEXTS.errorTitle, fallback: FEED_TEXTS.deleteCommentFailed } },
    onSuccess: () => {
      toast({ title: FEED_TEXTS.commentDeleted });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'moderation-comments'] });
    },
  });

  if (list.isPending)
    return (
      <div className="space-y-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </div>
    );
  if (list.isError) return <p className="text-sm text-destructive">Could not load the comments</p>;
  const comments = list.data.pages.flat();
  return (
    <div className="space-y-4">
      {comments.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          No comments found
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Comments">
          {comments.map((c) => (
            <li key={c.id}>
              <Card className="p-4">
                <article
                  aria-label={`Comment by ${c.user.username}`}
                  className="flex flex-col gap-3 sm:flex-row sm:items-start"
                >
                  <div className="min-w-0 flex-1 space-y-1">
                    <Byline
                      username={c.user.username}
                      createdAt={c.createdAt}
                      className="flex flex-wrap items-baseline gap-x-2"
                    />
                    <p className="text-sm whitespace-pre-line break-words">{c.content}</p>
                    <p className="text-xs text-muted-foreground">
                      On{' '}
                      <Link to={`/posts/${c.postId}`} className="underline underline-offset-2">
                        {c.postExcerpt || 'a post'}
                      </Link>
                    </p>
                  </div>
                  <Button
                    variant="outline"
                    className="min-h-11 self-end sm:self-start"
                    disabled={remove.isPending && remove.variables === c.id}
                    onClick={() => setTarget(c)}
                    aria-label={`Delete comment by ${c.user.username}`}
                  >
                    <Trash2 aria-hidden="true" />
                    Delete
                  </Button>
                </article>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            className="min-h-11"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
          >
            {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title="Delete this comment?"
        description={<>The comment by {target?.user.username} will be removed. This cannot be undone.</>}
        confirmLabel="Delete"
        onConfirm={() => {
          if (target) remove.mutate(target.id);
          setTarget(null);
        }}
      />
    </div>
  );
}
