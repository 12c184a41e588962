import { MAX_POST_IMAGES_SHOWN } from '@contract/constants';
import type { FeedPost } from '@contract/profiles';
import { UserAvatar } from '@web/components/ui/avatar';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/cn';
import { timeAgo } from '@web/lib/format';
import { Heart, MessageCircle } from 'lucide-react';
import { Link } from 'react-router';

/** A read-only post card: author, time, caption, images (at most 4), like and comment counts. */
export function PostCard({ post }: { post: FeedPost }) {
  const images = post.images.slice(0, MAX_POST_IMAGES_SHOWN);
  return (
    <Card className="overflow-hidden">
      <article aria-label={`Post by ${post.user.username}`}>
        <header className="flex items-center gap-3 p-4">
          <UserAvatar username={post.user.username} src={post.user.avatar} />
          <div className="min-w-0">
            <Link
              to={`/profile/${encodeURIComponent(post.user.username)}`}
              className="block truncate font-semibold outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              {post.user.username}
            </Link>
            <time dateTime={post.createdAt} className="text-xs text-muted-foreground">
              {timeAgo(post.createdAt)}
            </time>
          </div>
        </header>
        {post.caption ? <p className="px-4 pb-3 whitespace-pre-line break-words">{post.caption}</p> : null}
        {images.length > 0 ? <PostImages images={images} /> : null}
        <footer className="flex items-center gap-5 px-4 py-3 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <Heart className={cn('size-4', post.isLiked && 'fill-primary text-primary')} aria-hidden="true" />
            {post.likesCount}
            <span className="sr-only">likes</span>
          </span>
          <span className="inline-flex items-center gap-1.5">
            <MessageCircle className="size-4" aria-hidden="true" />
            {post.commentsCount}
            <span className="sr-only">comments</span>
          </span>
        </footer>
      </article>
    </Card>
  );
}

/** SPEC §2 image layout: one image full width; two or more in two columns; of three, the first spans both. */
function PostImages({ images }: { images: string[] }) {
  return (
    <div className={cn('grid gap-1', images.length > 1 && 'grid-cols-2')}>
      {images.map((src, i) => (
        <img
          key={`${src}-${i}`}
          src={src}
          alt=""
          loading="lazy"
          className={cn(
            'w-full bg-muted object-cover',
            images.length === 1 ? 'max-h-[32rem]' : 'aspect-square',
            images.length === 3 && i === 0 && 'col-span-2 aspect-[2/1]',
          )}
        />
      ))}
    </div>
  );
}

export function PostCardSkeleton() {
  return (
    <Card className="p-4" aria-busy="true">
      <div className="flex items-center gap-3">
        <Skeleton className="size-10 rounded-full" />
        <div className="space-y-2">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-3 w-20" />
        </div>
      </div>
      <Skeleton className="mt-4 h-4 w-full" />
      <Skeleton className="mt-2 h-4 w-2/3" />
      <Skeleton className="mt-4 h-48 w-full" />
    </Card>
  );
}
