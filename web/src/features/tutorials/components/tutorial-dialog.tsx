import { TUTORIAL_TEXTS, type Tutorial, youtubeEmbedUrl, youtubeSubscribeUrl } from '@contract/tutorials';
import { Markdown } from '@web/components/markdown';
import { buttonVariants } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { BellRing } from 'lucide-react';
import { ChannelAvatar } from './channel-avatar';
import { DifficultyBadge } from './difficulty-badge';

/**
 * A tutorial opened (SPEC §2): for a video, the embedded player (youtube-nocookie.com, the
 * privacy-enhanced mode, the only frame the CSP allows); otherwise its text (Markdown), falling
 * back to the description. A Subscribe link to the channel when the video id parses.
 */
export function TutorialDialog({ tutorial, onClose }: { tutorial: Tutorial | null; onClose: () => void }) {
  return (
    <Dialog open={tutorial !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-w-4xl sm:max-w-4xl"
        // Focus on the dialog itself, not its first focusable: that is the video's frame, and a key
        // pressed in a frame goes to the frame's page (Escape did not close the dialog; a flaky
        // browser test). Tab still reaches the player.
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          (e.currentTarget as HTMLElement | null)?.focus();
        }}
      >
        {tutorial ? <Body tutorial={tutorial} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Body({ tutorial }: { tutorial: Tutorial }) {
  const { videoId } = tutorial;
  const channel = tutorial.youtubeData?.channelTitle;
  const showPlayer = tutorial.type === 'video' && videoId;
  return (
    <div className="min-w-0 space-y-4">
      <DialogHeader className="gap-2 pr-6 text-left">
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <DifficultyBadge difficulty={tutorial.difficulty} />
          <span>{tutorial.category}</span>
          <span aria-hidden="true">·</span>
          <span>{tutorial.duration}</span>
        </div>
        <DialogTitle className="text-xl leading-tight font-bold">{tutorial.title}</DialogTitle>
        {showPlayer ? (
          <DialogDescription>{tutorial.description}</DialogDescription>
        ) : (
          <DialogDescription className="sr-only">{`${tutorial.category}, ${tutorial.difficulty}, ${tutorial.duration}`}</DialogDescription>
        )}
      </DialogHeader>
      {showPlayer ? (
        <div className="aspect-video w-full overflow-hidden rounded-lg bg-black">
          <iframe
            src={youtubeEmbedUrl(videoId)}
            title={`${TUTORIAL_TEXTS.playerTitle}: ${tutorial.title}`}
            className="size-full"
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
            allowFullScreen
          />
        </div>
      ) : (
        <Markdown>{tutorial.content?.trim() ? tutorial.content : tutorial.description}</Markdown>
      )}
      {videoId ? (
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
          {channel ? (
            <p className="flex min-w-0 items-center gap-2 text-sm">
              <ChannelAvatar name={channel} className="size-9 text-xs" />
              <span className="truncate font-medium">{channel}</span>
            </p>
          ) : (
            <span />
          )}
          <a
            href={youtubeSubscribeUrl(videoId, tutorial.youtubeData?.channelId)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonVariants({ variant: 'destructive', size: 'sm' })}
          >
            <BellRing aria-hidden="true" />
            {TUTORIAL_TEXTS.subscribe}
          </a>
        </div>
      ) : null}
    </div>
  );
}
