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

/** What a moderation list shows of one item: its row, and what its Delete asks and does. */
interface ModerationKind<T extends { id: string; user: { username: string } }> {
  /** 'post' or 'comment': the list's label, its Delete buttons' and dialog's words. */
  noun: string;
  empty: string;
  failed: string;
  /** What deleting one takes with it, after "The {noun} by {username} will be removed". */
  consequence: string;
  row: (item: T) => React.ReactNode;
  remove: (item: T) => Promise<unknown>;
}

/**
 * One moderation list (issue 24: posts and comments alike): newest first, Load more, each item
 * with a Delete that asks first and shows its progress; the deletion's error toasts come from the
 * mutation's meta.
 */
function ModerationList<T extends { id: string; user: { username: string } }>({
  query,
  kind,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    data?: { pages: T[][] };
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    fetchNextPage: () => Promise<unknown>;
  };
  kind: ModerationKind<T>;
}) {
  const [target, setTarget] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(new Set());
  const Noun = kind.noun[0].toUpperCase() + kind.noun.slice(1);

  const confirmDelete = async (item: T) => {
    setTarget(null);
    setDeleting((ids) => new Set(ids).add(item.id));
    try {
      await kind.remove(item);
    } catch {
      // The toast comes from the delete operation's meta.
    } finally {
      setDeleting((ids) => {
        const next = new Set(ids);
        next.delete(item.id);
        return next;
      });
    }
  };

  if (query.isPending) {
    return (
      <div className="space-y-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Card key={i} className="flex gap-3 p-4">
            <Skeleton className="size-10 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-4 w-full" />
            </div>
          </Card>
        ))}
      </div>
    );
  }
  if (query.isError || !query.data) return <p className="text-sm text-destructive">{kind.failed}</p>;

  const list = query.data.pages.flat();
  return (
    <div className="space-y-4">
      {list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {kind.empty}
        </p>
      ) : (
        <ul className="space-y-3" aria-label={`${Noun}s`}>
          {list.map((item) => (
            <li key={item.id}>
              <Card className="p-4">
                <article
                  aria-label={`${Noun} by ${item.user.username}`}
                  className="flex flex-col gap-3 sm:flex-row sm:items-start"
                >
                  <div className="min-w-0 flex-1">{kind.row(item)}</div>
                  <Button
                    variant="outline"
                    className="min-h-11 self-end sm:self-start"
                    disabled={deleting.has(item.id)}
                    onClick={() => setTarget(item)}
                    aria-label={`Delete ${kind.noun} by ${item.user.username}`}
                  >
                    <Trash2 aria-hidden="true" />
                    {deleting.has(item.id) ? 'Deleting...' : 'Delete'}
                  </Button>
                </article>
              </Card>
            </li>
          ))}
        </ul>
      )}

      {query.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            className="min-h-11"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      ) : null}
      {query.isFetchNextPageError ? <p className="text-sm text-destructive">{kind.failed}</p> : null}

      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title={`Delete this ${kind.noun}?`}
        description={
          <>
            The {kind.noun} by {target?.user.username} will be removed{kind.consequence}. This cannot be
            undone.
          </>
        }
        confirmLabel="Delete"
        onConfirm={() => target && void confirmDelete(target)}
      />
    </div>
  );
}

function PostsList({ pageSize, search }: { pageSize?: number; search: ModerationSearch }) {
  const posts = useModerationPosts(pageSize, search);
  const remove = useDeletePost();
  const kind: ModerationKind<FeedPost> = {
    noun: 'post',
    empty: ADMIN_TEXTS.noPostsToModerate,
    failed: FEED_TEXTS.fetchPostsFailed,
    consequence: ' with its likes and comments',
    remove: async (post) => {
      await remove.mutateAsync(post.id);
      toast({ title: ADMIN_TEXTS.postDeleted });
    },
    row: (post) => (
      <div className="flex min-w-0 gap-3">
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
    ),
  };
  return <ModerationList query={posts} kind={kind} />;
}

/** The comments, newest first, each with its post's start, a link to it and a confirmed Delete. */
function CommentsList({ pageSize, search }: { pageSize?: number; search: ModerationSearch }) {
  const comments = useModerationComments(pageSize, search);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => deleteComment(id),
    meta: { errorToast: { title: FEED_TEXTS.errorTitle, fallback: FEED_TEXTS.deleteCommentFailed } },
    onSuccess: () => {
      toast({ title: FEED_TEXTS.commentDeleted });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'moderation-comments'] });
    },
  });
  const kind: ModerationKind<ModerationComment> = {
    noun: 'comment',
    empty: 'No comments found',
    failed: 'Could not load the comments',
    consequence: '',
    remove: (c) => remove.mutateAsync(c.id),
    row: (c) => (
      <div className="space-y-1">
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
    ),
  };
  return <ModerationList query={comments} kind={kind} />;
}
