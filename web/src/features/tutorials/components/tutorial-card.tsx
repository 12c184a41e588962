import { formatViewCount, TUTORIAL_TEXTS, type Tutorial } from '@contract/tutorials';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { RemoteImage } from '@web/components/ui/remote-image';
import { BookOpen, Clock, PlayCircle } from 'lucide-react';
import { ChannelAvatar } from './channel-avatar';
import { DifficultyBadge } from './difficulty-badge';

/**
 * One tutorial (SPEC §2): image, difficulty badge, title, description, duration; for videos the
 * channel (avatar drawn from its initials) and the view count when known; 'Watch Now' for a
 * video, 'Read Tutorial' otherwise.
 */
export function TutorialCard({ tutorial, onOpen }: { tutorial: Tutorial; onOpen: () => void }) {
  const isVideo = tutorial.type === 'video';
  const channel = tutorial.youtubeData?.channelTitle;
  const views = tutorial.youtubeData?.viewCount;
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <div className="relative">
        <RemoteImage
          address={tutorial.image}
          media={tutorial.media}
          alt=""
          loading="lazy"
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          className="aspect-video w-full bg-muted object-cover"
          fallback="tutorial"
        />
        <DifficultyBadge
          difficulty={tutorial.difficulty}
          className="absolute top-3 left-3 shadow-sm backdrop-blur"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h3 className="text-lg leading-snug font-semibold">{tutorial.title}</h3>
        <p className="line-clamp-3 text-sm text-muted-foreground">{tutorial.description}</p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden="true" />
            {tutorial.duration}
          </span>
          {isVideo && views != null ? <span>{formatViewCount(views)}</span> : null}
        </p>
        {isVideo && channel ? (
          <p className="flex items-center gap-2 text-sm">
            <ChannelAvatar name={channel} />
            <span className="truncate font-medium">{channel}</span>
          </p>
        ) : null}
        <Button
          className="mt-auto w-full"
          onClick={onOpen}
          aria-label={`${isVideo ? TUTORIAL_TEXTS.watchNow : TUTORIAL_TEXTS.readTutorial}: ${tutorial.title}`}
        >
          {isVideo ? <PlayCircle aria-hidden="true" /> : <BookOpen aria-hidden="true" />}
          {isVideo ? TUTORIAL_TEXTS.watchNow : TUTORIAL_TEXTS.readTutorial}
        </Button>
      </div>
    </Card>
  );
}
