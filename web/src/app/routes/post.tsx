import { POST_PAGE_TEXTS, POST_TEXTS } from '@contract/posts';
import { PageContainer } from '@web/components/page';
import { Button } from '@web/components/ui/button';
import { usePost } from '@web/features/posts/api/get-post';
import { CommentsPanel } from '@web/features/posts/components/comments-panel';
import { PostCard } from '@web/features/posts/components/post-card';
import { PostCardSkeleton } from '@web/features/posts/components/post-card-skeleton';
import { ApiError } from '@web/lib/api';
import { ArrowLeft, FileX } from 'lucide-react';
import { Link, useParams } from 'react-router';

/**
 * /posts/{id}: one post, its card with its comments open (the address Share gives). The server
 * renders it with the post and its first comments in its HTML (decision 020); an unknown post says
 * 'Post not found'.
 */
export function PostPage() {
  const { postId = '' } = useParams();
  const post = usePost(postId);

  return (
    <PageContainer className="max-w-3xl space-y-4">
      <Button asChild variant="ghost" className="min-h-11 -ml-2 text-muted-foreground">
        <Link to="/">
          <ArrowLeft aria-hidden="true" />
          {POST_PAGE_TEXTS.backToFeed}
        </Link>
      </Button>
      {post.isPending ? (
        <div role="status" aria-busy="true" aria-label={POST_PAGE_TEXTS.loading}>
          <PostCardSkeleton />
        </div>
      ) : post.isError ? (
        <div className="flex flex-col items-center gap-4 rounded-xl border border-border bg-card p-12 text-center">
          <FileX className="size-10 text-muted-foreground" aria-hidden="true" />
          <h1 className="text-xl font-semibold">
            {post.error instanceof ApiError && (post.error.status === 404 || post.error.status === 400)
              ? POST_TEXTS.postNotFound
              : POST_PAGE_TEXTS.fetchFailed}
          </h1>
          <Button asChild variant="outline" className="min-h-11">
            <Link to="/">Go home</Link>
          </Button>
        </div>
      ) : (
        <>
          <h1 className="sr-only">{`Post by ${post.data.user.username}`}</h1>
          <PostCard post={post.data} priority commentsOpen commentsPanel={CommentsPanel} />
        </>
      )}
    </PageContainer>
  );
}
